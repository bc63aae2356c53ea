import { createHash } from 'node:crypto';
import { DeepResearchError } from '../errors.js';
import type { Passage, Reader, ReadOptions, Source } from '../reader/index.js';
import { abortableDelay } from '../shared/index.js';

/** A page as a test writes it: text or markdown (or both), and optional metadata. */
export interface FakePage {
  title?: string;
  text?: string;
  markdown?: string;
  /** URL after redirects (default: the URL asked for). */
  finalUrl?: string;
  contentType?: string;
  publishedAt?: string;
  /** Author the page names. */
  byline?: string;
  /** Every link of the page. */
  links?: string[];
}

/** Pages by URL, or a function of the URL returning a page, undefined (404) or an Error to throw. */
export type FakePages =
  | Record<string, FakePage>
  | Map<string, FakePage>
  | ((url: string) => FakePage | Error | undefined | Promise<FakePage | Error | undefined>);

export interface FakeReaderOptions {
  /** Latency of every read, in milliseconds; aborts with the read's signal. */
  delayMs?: number;
}

/** A Reader for tests, recording every URL it was asked for. */
export interface FakeReader extends Reader {
  readonly calls: string[];
}

/** The reader error a missing page gives: code `http_error`, status 404, like the real reader. */
export class FakeReaderError extends DeepResearchError {
  readonly url: string;
  constructor(options: { url: string; code: string; message: string; statusCode?: number }) {
    super({
      code: options.code,
      message: options.message,
      ...(options.statusCode ? { statusCode: options.statusCode } : {}),
    });
    this.url = options.url;
  }
}

function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`]/g, '');
}

/** Splits text into paragraph passages with their offsets. */
function passagesOf(text: string): Passage[] {
  const passages: Passage[] = [];
  const pattern = /[^\n]+(?:\n(?!\s*\n)[^\n]+)*/g;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    passages.push({ index: passages.length, text: match[0], start, end: start + match[0].length });
  }
  return passages;
}

/** Builds a full Source from a fake page. */
export function fakeSource(url: string, page: FakePage): Source {
  const text = page.text ?? markdownToText(page.markdown ?? '');
  return {
    url,
    finalUrl: page.finalUrl ?? url,
    title: page.title ?? url,
    contentType: page.contentType ?? 'text/html',
    markdown: page.markdown ?? text,
    text,
    passages: passagesOf(text),
    contentHash: createHash('sha256').update(text).digest('hex'),
    fetchedAt: new Date().toISOString(),
    ...(page.publishedAt ? { publishedAt: page.publishedAt } : {}),
    ...(page.byline ? { byline: page.byline } : {}),
    ...(page.links ? { links: page.links } : {}),
  };
}

/** Creates a reader over scripted pages. */
export function createFakeReader(pages: FakePages, options: FakeReaderOptions = {}): FakeReader {
  const calls: string[] = [];
  const lookup = async (url: string): Promise<FakePage | Error | undefined> => {
    if (typeof pages === 'function') return pages(url);
    if (pages instanceof Map) return pages.get(url);
    return Object.hasOwn(pages, url) ? pages[url] : undefined;
  };
  return {
    calls,
    async read(url: string, readOptions: ReadOptions = {}) {
      calls.push(url);
      await abortableDelay(options.delayMs ?? 0, readOptions.signal);
      const page = await lookup(url);
      if (page instanceof Error) throw page;
      if (!page) {
        throw new FakeReaderError({
          url,
          code: 'http_error',
          statusCode: 404,
          message: `HTTP 404 for ${url}`,
        });
      }
      return fakeSource(url, page);
    },
  };
}
