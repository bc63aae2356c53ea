import { SOURCE_CACHE_TTL_MS } from '../config/index.js';
import { describeError } from '../errors.js';
import { canonicalUrl } from '../shared/index.js';
import type { PageRenderer } from './browser/index.js';
import { buildSource } from './build-source.js';
import { createMemorySourceCache } from './cache/index.js';
import { type ExtractedContent, extractContent } from './content/index.js';
import {
  checkUrl,
  type ExchangeHook,
  type FetchedResource,
  type FetchFunction,
  type LookupFunction,
  safeFetch,
} from './fetch/index.js';
import type { PageScreenshot, Reader, ReadOptions, Source, SourceCache } from './types.js';
import { visitInBrowser } from './visit-in-browser.js';

export interface CreateReaderOptions {
  /** `host:port` or bare hosts that may be read even though they are private (`--allow-host`). */
  allowHosts?: readonly string[];
  /** A `fetch` to use instead of node:http (tests, proxies); redirects are still re-checked. */
  fetch?: FetchFunction;
  /** Where sources are kept between reads. Default: a new in-memory cache. */
  cache?: SourceCache;
  /** How long a cached source is reused, in ms. Default SOURCE_CACHE_TTL_MS. */
  cacheTtlMs?: number;
  /** Cap on one fetch, body included, in ms. Default FETCH_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Cap on body bytes, received and decompressed. Default FETCH_MAX_BYTES. */
  maxBytes?: number;
  /** Default USER_AGENT. */
  userAgent?: string;
  /** DNS resolver returning every address of a name. Default: the system resolver. */
  lookup?: LookupFunction;
  /** Who a refused host's error tells to allow it (default `user`: it names `--allow-host`). */
  fixedBy?: 'user' | 'operator';
  /**
   * The browser (`--browser`): renders HTML pages whose static HTML has no main content, and
   * screenshots every HTML page read when `onScreenshot` is given. Absent: pages are read statically.
   */
  browser?: PageRenderer;
  /** Takes each page's full-page screenshot (fresh reads with the browser only; cached pages have none). */
  onScreenshot?: (screenshot: PageScreenshot) => void;
  /** Told what went wrong when the browser could not visit a page (the static read is used instead). */
  onWarning?: (code: string, message: string) => void;
  /** Takes each HTTP exchange of a fresh read, bodies as received (cached reads make none). */
  onExchange?: ExchangeHook;
}

/** Resolves with the promise's value unless `signal` aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The reader: safe fetch → content extraction → `Source` with passages, cached by normalised URL.
 * A URL read twice within the cache's time to live is fetched once, and concurrent reads of the same
 * URL share one fetch.
 */
export function createReader(options: CreateReaderOptions = {}): Reader {
  const cache = options.cache ?? createMemorySourceCache();
  const ttlMs = options.cacheTtlMs ?? SOURCE_CACHE_TTL_MS;
  const inFlight = new Map<string, Promise<Source>>();

  const fetchSource = async (url: string): Promise<Source> => {
    const fetched = await safeFetch(url, {
      allowHosts: options.allowHosts,
      fetch: options.fetch,
      lookup: options.lookup,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      userAgent: options.userAgent,
      fixedBy: options.fixedBy,
      onExchange: options.onExchange,
    });
    const content = await extractContent({
      bytes: fetched.bytes,
      contentType: fetched.contentType,
      url: fetched.finalUrl,
    });
    const outcome = options.browser ? await tryBrowser(url, fetched, content) : undefined;
    const source = buildSource({ url, finalUrl: fetched.finalUrl, content: outcome?.content ?? content });
    if (outcome) source.browser = outcome.visit;
    if (outcome?.screenshot) options.onScreenshot?.({ url, png: outcome.screenshot });
    // The screenshot belongs to this read: a later read served from the cache has none of its own.
    await cache.put(
      source.browser ? { ...source, browser: { ...source.browser, screenshot: false } } : source,
      ttlMs,
    );
    return source;
  };

  // A browser that cannot start is said once; a page it fails on, each time. Either way the static read stands.
  let unavailableSaid = false;
  const tryBrowser = async (url: string, fetched: FetchedResource, content: ExtractedContent) => {
    if (!options.browser) return undefined;
    try {
      return await visitInBrowser({
        fetched,
        content,
        renderer: options.browser,
        screenshot: options.onScreenshot !== undefined,
      });
    } catch (error) {
      const described = describeError(error);
      if (described.code === 'browser_unavailable') {
        if (unavailableSaid) return undefined;
        unavailableSaid = true;
      }
      options.onWarning?.(
        described.code,
        `The browser could not visit ${url}, so it was read without it: ${described.message}`,
      );
      return undefined;
    }
  };

  return {
    async read(url: string, readOptions: ReadOptions = {}): Promise<Source> {
      // Fail fast on malformed or blocked URLs, before the cache could answer for them.
      checkUrl(url, { allowHosts: options.allowHosts, fixedBy: options.fixedBy });
      const key = canonicalUrl(url);
      if (!readOptions.fresh) {
        const cached = await cache.get(key);
        if (cached) return cached;
      }
      let shared = inFlight.get(key);
      if (!shared) {
        // The shared fetch is bounded by its own timeout, not by one caller's signal, so one
        // caller giving up does not fail the others waiting on the same URL.
        // The page is fetched as given (the canonical form is only the cache key), without its fragment.
        shared = fetchSource(url.split('#')[0] ?? url).finally(() => inFlight.delete(key));
        inFlight.set(key, shared);
      }
      return untilAborted(shared, readOptions.signal);
    },
  };
}
