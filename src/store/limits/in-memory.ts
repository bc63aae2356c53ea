import { createMemoryKeys } from './in-memory-keys.js';
import type { LimitStore } from './limit-store.js';
import { TokenBuckets } from './token-buckets.js';

/** Proven pairs and `Idempotency-Key`s kept at most by default; the least recently used go first. */
const MAX_ENTRIES = 10_000;

/**
 * The request limits' state in this process's memory: what one server (SQLite, or in process)
 * uses. Each bucket scope keeps at most 10,000 buckets, forgetting full ones first; proven pairs
 * and keys at most `maxEntries` each.
 */
export function createMemoryLimits(options: { now?: () => number; maxEntries?: number } = {}): LimitStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const scopes = new Map<string, TokenBuckets>();
  const bucketsOf = (scope: string) => {
    const found = scopes.get(scope) ?? new TokenBuckets(now);
    scopes.set(scope, found);
    return found;
  };
  /** When each proven pair stops being proven, in epoch milliseconds; insertion order is last use. */
  const proven = new Map<string, number>();
  const prove = (pair: string, ttlMs: number) => {
    proven.delete(pair);
    proven.set(pair, now() + ttlMs);
    for (const oldest of proven.keys()) {
      if (proven.size <= maxEntries) break;
      proven.delete(oldest);
    }
  };
  return {
    take: async (bucket) => bucketsOf(bucket.scope).take(bucket.key, bucket),
    give: async (bucket) => bucketsOf(bucket.scope).give(bucket.key, bucket),
    waitSeconds: async (bucket) => bucketsOf(bucket.scope).waitSeconds(bucket.key, bucket),
    prove: async (pair, ttlMs) => prove(pair, ttlMs),
    async proven(pair, ttlMs) {
      const until = proven.get(pair);
      if (until === undefined || until < now()) return false;
      prove(pair, ttlMs);
      return true;
    },
    ...createMemoryKeys({ now, maxKeys: maxEntries }),
  };
}
