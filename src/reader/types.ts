import type { SourceImage } from '../contract/images.js';
import type { BlockedRequest } from './browser/index.js';

/** What a visit of a page in the browser did. */
export interface BrowserVisit {
  /** The content was read from the page as the browser rendered it (its static HTML was an app shell). */
  rendered: boolean;
  /** Requests of the page refused by the reader's rules or caps, in the order made. */
  blocked: BlockedRequest[];
  /** A full-page screenshot was taken on this read and handed to the reader's `onScreenshot`. */
  screenshot: boolean;
}

/** A full-page screenshot of a page read, as the reader hands it over. */
export interface PageScreenshot {
  /** The URL asked for (the source's `url`). */
  url: string;
  png: Uint8Array;
}

/** A slice of a source's text that later steps rank, quote and verify against. */
export interface Passage {
  index: number;
  text: string;
  /** Character offsets into `Source.text`. */
  start: number;
  end: number;
}

/** A page, PDF or file as read: main content and metadata. */
export interface Source {
  /** The URL asked for. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  title: string;
  byline?: string;
  publishedAt?: string;
  lang?: string;
  siteName?: string;
  /** Media type of the body, e.g. "text/html", "application/pdf". */
  contentType: string;
  /** Main content as markdown (links absolute). */
  markdown: string;
  /** Main content as plain text: what quotes are verified against. */
  text: string;
  /** Every http(s) link of the page, menus included (HTML only): what a deep read follows. */
  links?: string[];
  /**
   * Images of the main content (HTML only), with their alt text; never fetched. Absent when it has
   * none (and in sources cached by earlier versions).
   */
  images?: SourceImage[];
  passages: Passage[];
  /** How the browser saw the page, when `--browser` is on and it visited the page. */
  browser?: BrowserVisit;
  /** sha256 hex of `text`. */
  contentHash: string;
  /** ISO-8601 time of the fetch. */
  fetchedAt: string;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** Skip the cache and fetch again. */
  fresh?: boolean;
}

/**
 * Reads a URL into a `Source`. Throws `ReaderError` with a code such as `blocked_address`,
 * `http_error`, `too_large`, `timeout`, `unsupported_content`, `invalid_url`, `too_many_redirects`.
 */
export interface Reader {
  read(url: string, options?: ReadOptions): Promise<Source>;
}

/** Where read sources are kept between reads and runs (in memory, or the run store's SQLite). */
export interface SourceCache {
  get(url: string): Promise<Source | undefined>;
  /** Stores a source for `ttlMs` milliseconds. */
  put(source: Source, ttlMs: number): Promise<void>;
}
