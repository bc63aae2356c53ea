import { SOURCE_CACHE_TTL_MS } from '../config/index.js';
import { canonicalUrl } from '../shared/index.js';
import { buildSource } from './build-source.js';
import { createMemorySourceCache } from './cache/index.js';
import { extractContent } from './content/index.js';
import { checkUrl, type FetchFunction, type LookupFunction, safeFetch } from './fetch/index.js';
import type { Reader, ReadOptions, Source, SourceCache } from './types.js';

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
    });
    const content = await extractContent({
      bytes: fetched.bytes,
      contentType: fetched.contentType,
      url: fetched.finalUrl,
    });
    const source = buildSource({ url, finalUrl: fetched.finalUrl, content });
    await cache.put(source, ttlMs);
    return source;
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
