import { readWarcResponses } from '../archive/index.js';
import type { Reference, ReferenceCheck, VerifyReport } from '../contract/index.js';
import type { SafeFetchOptions } from '../reader/index.js';
import { checkArchived } from './check-archived.js';
import { checkLive } from './check-live.js';

/** What `verifyReferences` takes: the run's references, its archive, and whether to fetch pages now. */
export interface VerifyOptions {
  runId: string;
  references: readonly Reference[];
  /** The run's `.warc.gz` (or `.warc`); undefined when it has none: every page is then `not_archived`. */
  warc: Uint8Array | undefined;
  /** Fetch each page as it is now, with these rules (the reader's: allowed hosts, caps). */
  live?: SafeFetchOptions;
  /** Pages fetched at once with `live`. Default 4. */
  concurrency?: number;
}

const isWebUrl = (url: string) => url.startsWith('http://') || url.startsWith('https://');

/**
 * Re-checks every web reference's quote against its archived page (always) and, with `live`,
 * against the page as it is now. References to files and computations are listed without states.
 */
export async function verifyReferences(options: VerifyOptions): Promise<VerifyReport> {
  const responses = options.warc ? await readWarcResponses(options.warc) : new Map();
  const check = async (reference: Reference, position: number): Promise<ReferenceCheck> => {
    const base = { index: position + 1, url: reference.url };
    if (!isWebUrl(reference.url)) return base;
    const archived = await checkArchived(responses, reference);
    const live = options.live ? await checkLive(reference, options.live) : undefined;
    const detail = [archived.detail, live?.detail].filter(Boolean).join('; ');
    return {
      ...base,
      archived: archived.state,
      ...(live ? { live: live.state } : {}),
      ...(detail ? { detail } : {}),
    };
  };
  const checks = await inBatches(options.references, options.concurrency ?? 4, check);
  return {
    runId: options.runId,
    checkedAt: new Date().toISOString(),
    live: options.live !== undefined,
    references: checks,
  };
}

/** Maps `items` with at most `size` calls under way, results in input order. */
async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, offset) => map(item, start + offset)))));
  }
  return results;
}
