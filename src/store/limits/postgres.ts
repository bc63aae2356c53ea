import type pg from 'pg';
import { StoreError } from '../errors.js';
import type { LimitStore } from './limit-store.js';
import { createPostgresBuckets } from './postgres-buckets.js';
import { createPostgresKeys } from './postgres-keys.js';
import type { LimitQuery } from './postgres-query.js';

/** Request limits in Postgres, and the pruning each node does on its own (here for tests). */
export interface PostgresLimitStore extends LimitStore {
  /** Deletes full buckets, and proven pairs and keys whose time ran out (a batch per table). */
  prune(): Promise<void>;
}

/** How often a node deletes the rows that mean nothing any more, at most, in milliseconds. */
const PRUNE_INTERVAL_MS = 60_000;
/** Rows one prune deletes per table at most, so a prune never holds a request up for long. */
const PRUNE_BATCH = 10_000;

/** Deletes up to `PRUNE_BATCH` rows of `table` that meet `condition`. */
const pruneStatement = (table: string, condition: string) =>
  `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${condition} LIMIT ${PRUNE_BATCH})`;

/** Full buckets (the same as none), proven pairs and keys whose time ran out. */
const PRUNE = [
  pruneStatement('rate_buckets', 'full_at <= clock_timestamp()'),
  pruneStatement('proven_logins', 'expires_at <= clock_timestamp()'),
  pruneStatement('idempotency_keys', 'expires_at <= clock_timestamp()'),
];

/**
 * The request limits' state in a Postgres store's tables (migration 5), shared by every node on
 * the database. Times are the database's clock, not the nodes': nodes whose clocks disagree still
 * refill a bucket and expire a key at one pace. A failing query rejects with `limits_unavailable`,
 * so a request is refused rather than let past a limit no node can check. Each node prunes rows
 * whose time ran out at most once a minute, so the tables stay as large as the last minute's
 * clients (and the last day's keys).
 */
export function createPostgresLimits(query: LimitQuery): PostgresLimitStore {
  let lastPrune = 0;
  const prune = async () => {
    for (const statement of PRUNE) await query(statement);
  };
  const checked: LimitQuery = async <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => {
    if (Date.now() - lastPrune >= PRUNE_INTERVAL_MS) {
      lastPrune = Date.now();
      await prune().catch(unavailable);
    }
    return query<Row>(sql, values).catch(unavailable);
  };
  const buckets = createPostgresBuckets(checked);
  return {
    ...buckets,
    async prove(pair, ttlMs) {
      await checked(
        `INSERT INTO proven_logins (pair, expires_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
         ON CONFLICT (pair) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
        [pair, ttlMs],
      );
    },
    async proven(pair, ttlMs) {
      const { rowCount } = await checked(
        `UPDATE proven_logins SET expires_at = clock_timestamp() + make_interval(secs => $2::float8 / 1000)
         WHERE pair = $1 AND expires_at > clock_timestamp()`,
        [pair, ttlMs],
      );
      return (rowCount ?? 0) > 0;
    },
    ...createPostgresKeys(checked),
    prune: () => prune().catch(unavailable),
  };
}

function unavailable(error: unknown): never {
  if (error instanceof StoreError) throw error;
  throw new StoreError(
    'limits_unavailable',
    'The request limits kept in Postgres cannot be checked just now, so the request is refused rather than let past them. Retry shortly; the server log says what failed.',
    { cause: error },
  );
}
