import type { TokenBucket } from './limit-store.js';
import type { LimitQuery } from './postgres-query.js';

/**
 * A bucket's tokens at `time`, refilled from its row: `$3` is the capacity, `$4` the tokens per
 * minute. Time is the database's clock (see `createPostgresLimits`); a time before the row's (a
 * statement that waited for the row's lock) refills nothing.
 */
const refilled = (time: string) => `least($3::float8, bucket.tokens
  + greatest(0, extract(epoch FROM ${time} - bucket.at)::float8) * $4::float8 / 60)`;

/**
 * One statement takes a token, atomically across nodes: the row's lock orders concurrent takes,
 * and each sees the tokens the one before it left. A bucket without a row is full; `full_at` (when
 * it is full again) lets pruning drop rows that mean nothing any more. A take that finds no token
 * changes nothing and returns no row.
 */
const TAKE = `
  INSERT INTO rate_buckets AS bucket (scope, key, tokens, at, full_at)
  VALUES ($1, $2, $3::float8 - 1, clock_timestamp(), clock_timestamp() + make_interval(secs => 60 / $4::float8))
  ON CONFLICT (scope, key) DO UPDATE SET (tokens, at, full_at) = (
    SELECT refill.tokens - 1, refill.at,
           refill.at + make_interval(secs => ($3::float8 - refill.tokens + 1) * 60 / $4::float8)
    FROM (SELECT ${refilled('EXCLUDED.at')} AS tokens, greatest(bucket.at, EXCLUDED.at) AS at) AS refill
  )
  WHERE ${refilled('EXCLUDED.at')} >= 1
  RETURNING tokens`;

const PEEK = `SELECT ${refilled('clock_timestamp()')} AS tokens FROM rate_buckets AS bucket
  WHERE scope = $1 AND key = $2`;

const GIVE = `
  UPDATE rate_buckets SET tokens = least($3::float8, tokens + 1),
    full_at = greatest(at, full_at - make_interval(secs => 60 / $4::float8))
  WHERE scope = $1 AND key = $2`;

/** Token buckets in the `rate_buckets` table (migration 5), timed by the database's clock. */
export function createPostgresBuckets(query: LimitQuery) {
  const values = (bucket: TokenBucket) => [bucket.scope, bucket.key, bucket.capacity, bucket.perMinute];
  /** Seconds until the bucket has a token, from its tokens now (a bucket without a row is full). */
  const waitFor = (bucket: TokenBucket, tokens: number) =>
    tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 60) / bucket.perMinute));
  const peek = async (bucket: TokenBucket) => {
    const { rows } = await query<{ tokens: number }>(PEEK, values(bucket));
    return rows[0]?.tokens ?? bucket.capacity;
  };
  return {
    async take(bucket: TokenBucket): Promise<number> {
      const { rows } = await query(TAKE, values(bucket));
      if (rows.length > 0) return 0;
      // Refused: how long until a token, read after the fact (at least a second: it had none).
      return Math.max(1, waitFor(bucket, await peek(bucket)));
    },
    async give(bucket: TokenBucket): Promise<void> {
      await query(GIVE, values(bucket));
    },
    async waitSeconds(bucket: TokenBucket): Promise<number> {
      return waitFor(bucket, await peek(bucket));
    },
  };
}
