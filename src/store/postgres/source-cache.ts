import type pg from 'pg';
import type { Source, SourceCache } from '../../reader/index.js';
import { canonicalUrl } from '../../shared/index.js';

/**
 * The reader's source cache in the Postgres store, shared by every node: a page read by one run is
 * reused by the next until its time to live runs out. Keyed by `canonicalUrl`.
 */
export function createPostgresSourceCache(pool: pg.Pool, options: { now?: () => number } = {}): SourceCache {
  const now = options.now ?? Date.now;
  return {
    async get(url) {
      const key = canonicalUrl(url);
      const { rows } = await pool.query<{ source: string; expires_at: string }>(
        'SELECT source, expires_at FROM source_cache WHERE url = $1',
        [key],
      );
      const row = rows[0];
      if (!row) return undefined;
      if (Number(row.expires_at) <= now()) {
        await pool.query('DELETE FROM source_cache WHERE url = $1', [key]);
        return undefined;
      }
      return JSON.parse(row.source) as Source;
    },
    async put(source, ttlMs) {
      const data = JSON.stringify(source);
      const expiresAt = now() + ttlMs;
      for (const key of new Set([canonicalUrl(source.url), canonicalUrl(source.finalUrl)])) {
        await pool.query(
          `INSERT INTO source_cache (url, source, expires_at) VALUES ($1, $2, $3)
           ON CONFLICT (url) DO UPDATE SET source = EXCLUDED.source, expires_at = EXCLUDED.expires_at`,
          [key, data, expiresAt],
        );
      }
    },
  };
}
