import { canonicalUrl } from '../shared/index.js';
import { DEEP_READ_CONCURRENCY, DEEP_READ_DEPTH, DEEP_READ_LIMIT } from './constants.js';
import { compileLinkPattern } from './link-pattern.js';
import { linksInMarkdown } from './links.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import type { Reader, Source } from './types.js';

export interface DeepReadOptions {
  /** Page to start from. */
  url: string;
  /**
   * Only links whose absolute URL matches are followed. A string is a regular expression run on RE2
   * (linear time, so a pattern from a model cannot freeze the process); an invalid one throws
   * `ReaderError` `invalid_pattern` before anything is read.
   */
  pattern?: RegExp | string;
  /** Link levels to follow below the start page. Default 1. */
  depth?: number;
  /** Most sources returned, the start page included. Default 10. */
  limit?: number;
  /** Pages read at once. Default 4. */
  concurrency?: number;
  /** Follow links to other hosts too. Default false (same host as the start page only). */
  crossHost?: boolean;
  signal?: AbortSignal;
  /** Told about every page that could not be read (the crawl goes on without it). */
  onError?: (url: string, error: unknown) => void;
}

/**
 * Reads a page and the pages it links to (Open Researcher's deep_scrape): breadth-first, following
 * the links of each page (those in its main content first, then menus and lists) that match `pattern` and stay on the start page's host, with capped
 * concurrency, never the same URL twice, at most `limit` sources. A failed start page throws; a
 * failed linked page is reported to `onError` and skipped.
 */
export async function deepRead(reader: Reader, options: DeepReadOptions): Promise<Source[]> {
  const depth = options.depth ?? DEEP_READ_DEPTH;
  const limit = options.limit ?? DEEP_READ_LIMIT;
  const concurrency = options.concurrency ?? DEEP_READ_CONCURRENCY;
  const pattern = options.pattern === undefined ? undefined : compileLinkPattern(options.pattern);
  const root = await reader.read(options.url, { signal: options.signal });
  const host = new URL(root.finalUrl).host;
  const seen = new Set([canonicalUrl(options.url), canonicalUrl(root.url), canonicalUrl(root.finalUrl)]);
  const sources: Source[] = [root];
  let frontier: Source[] = [root];
  for (let level = 1; level <= depth && sources.length < limit && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const source of frontier) {
      for (const link of linksOf(source)) {
        const key = canonicalUrl(link);
        if (seen.has(key)) continue;
        if (!options.crossHost && new URL(link).host !== host) continue;
        if (pattern && !pattern.test(link)) continue;
        if (sources.length + next.length >= limit) break;
        seen.add(key);
        next.push(link);
      }
    }
    const read = await mapWithConcurrency(next, concurrency, async (url) => {
      options.signal?.throwIfAborted();
      try {
        return await reader.read(url, { signal: options.signal });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        options.onError?.(url, error);
        return undefined;
      }
    });
    frontier = read.filter((source): source is Source => source !== undefined);
    for (const source of frontier) seen.add(canonicalUrl(source.finalUrl));
    sources.push(...frontier);
  }
  return sources;
}

/** Links of a source: those in its main content first, then the rest of the page's. */
function linksOf(source: Source): string[] {
  const inContent = linksInMarkdown(source.markdown, source.finalUrl);
  if (!source.links) return inContent;
  return [...new Set([...inContent, ...source.links])];
}
