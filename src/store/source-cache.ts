import type Database from 'better-sqlite3';
import type { Source, SourceCache } from '../reader/index.js';
import { canonicalUrl } from '../shared/index.js';

/**
 * The reader's source cache in the run store's SQLite database, so a page read by one run is reused
 * by the next (and survives restarts) until its time to live runs out. Keyed by `canonicalUrl`.
 */
export function createSqliteSourceCache(
  database: Database.Database,
  options: { now?: () => number } = {},
): SourceCache {
  const now = options.now ?? Date.now;
  const select = database.prepare<[string], { source: string; expires_at: number }>(
    'SELECT source, expires_at FROM source_cache WHERE url = ?',
  );
  const remove = database.prepare('DELETE FROM source_cache WHERE url = ?');
  const upsert = database.prepare(
    'INSERT OR REPLACE INTO source_cache (url, source, expires_at) VALUES (?, ?, ?)',
  );
  return {
    async get(url) {
      const key = canonicalUrl(url);
      const row = select.get(key);
      if (!row) return undefined;
      if (row.expires_at <= now()) {
        remove.run(key);
        return undefined;
      }
      return JSON.parse(row.source) as Source;
    },
    async put(source, ttlMs) {
      const data = JSON.stringify(source);
      const expiresAt = now() + ttlMs;
      const keys = new Set([canonicalUrl(source.url), canonicalUrl(source.finalUrl)]);
      for (const key of keys) upsert.run(key, data, expiresAt);
    },
  };
}
