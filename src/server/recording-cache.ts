import type { Source, SourceCache } from '../reader/types.js';

/** Wraps a source cache so every source a run gets from it (hit or fresh put) is reported. */
export function recordingSourceCache(cache: SourceCache, onSource: (source: Source) => void): SourceCache {
  return {
    async get(url) {
      const source = await cache.get(url);
      if (source) onSource(source);
      return source;
    },
    async put(source, ttlMs) {
      await cache.put(source, ttlMs);
      onSource(source);
    },
  };
}
