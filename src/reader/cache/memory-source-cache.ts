import { canonicalUrl } from '../../shared/index.js';
import type { Source, SourceCache } from '../types.js';

export interface MemorySourceCacheOptions {
  /** Clock in ms since the epoch; tests pass a fake one. Default `Date.now`. */
  now?: () => number;
  /** Entries kept before the oldest is dropped. Default 1000. */
  maxEntries?: number;
}

/**
 * A `SourceCache` in process memory, keyed by normalised URL (both the URL asked for and the final
 * one after redirects). Entries expire after the `ttlMs` they were put with.
 */
export function createMemorySourceCache(options: MemorySourceCacheOptions = {}): SourceCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, { source: Source; expiresAt: number }>();
  const store = (key: string, source: Source, expiresAt: number) => {
    entries.delete(key);
    entries.set(key, { source, expiresAt });
    // Maps iterate in insertion order, so the first key is the least recently stored.
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  return {
    async get(url) {
      const key = canonicalUrl(url);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.source;
    },
    async put(source, ttlMs) {
      const expiresAt = now() + ttlMs;
      store(canonicalUrl(source.url), source, expiresAt);
      store(canonicalUrl(source.finalUrl), source, expiresAt);
    },
  };
}
