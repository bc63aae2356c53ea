import type pg from 'pg';

/** One schema change of the Postgres store, applied once, in order, and recorded in `schema_migrations`. */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Every schema change so far. Append new ones; never edit an applied one. Text that comes from a
 * run (questions, options, results, events, page titles) is stored as JSON text: Postgres refuses
 * a NUL character in `text` and `\u0000` in `jsonb`, and JSON.stringify writes it as an escape.
 */
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'runs, events, sources, evaluations, source cache',
    sql: `
      CREATE TABLE runs (
        sequence BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        owner TEXT,
        created_at TEXT NOT NULL,
        event_count INTEGER NOT NULL DEFAULT 0,
        record TEXT NOT NULL
      );
      CREATE INDEX runs_status ON runs (status, sequence);
      CREATE INDEX runs_created_at ON runs (created_at);
      CREATE INDEX runs_owner ON runs (owner, sequence);
      CREATE TABLE events (
        run_id TEXT NOT NULL,
        event_index INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, event_index)
      );
      CREATE TABLE run_sources (
        position BIGSERIAL,
        run_id TEXT NOT NULL,
        url TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, url)
      );
      CREATE TABLE evaluations (
        run_id TEXT NOT NULL,
        event_index INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, event_index)
      );
      CREATE TABLE source_cache (
        url TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'memories of finished runs',
    sql: `
      CREATE TABLE memories (
        sequence BIGSERIAL PRIMARY KEY,
        run_id TEXT NOT NULL UNIQUE,
        owner TEXT,
        created_at TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX memories_owner ON memories (owner, created_at);
      CREATE INDEX memories_created_at ON memories (created_at);
    `,
  },
  {
    version: 3,
    name: 'cluster: the worker that holds a run, cancel requests, worker heartbeats',
    sql: `
      ALTER TABLE runs ADD COLUMN worker TEXT;
      ALTER TABLE runs ADD COLUMN cancel_requested BOOLEAN NOT NULL DEFAULT false;
      CREATE INDEX runs_worker ON runs (worker) WHERE worker IS NOT NULL;
      CREATE TABLE workers (
        id TEXT PRIMARY KEY,
        slots INTEGER NOT NULL,
        running INTEGER NOT NULL,
        started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 4,
    name: 'screenshots of pages read, apart from the sources',
    sql: `
      CREATE TABLE run_screenshots (
        run_id TEXT NOT NULL,
        url TEXT NOT NULL,
        png BYTEA NOT NULL,
        PRIMARY KEY (run_id, url)
      );
    `,
  },
  {
    version: 5,
    name: 'request limits shared by the api nodes: token buckets, proven logins, Idempotency-Keys',
    // Buckets and proven pairs are UNLOGGED (no WAL for a write on every request): a Postgres crash
    // empties them, which refills every bucket once. Keys name runs for a day and are kept.
    sql: `
      CREATE UNLOGGED TABLE rate_buckets (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        tokens DOUBLE PRECISION NOT NULL,
        at TIMESTAMPTZ NOT NULL,
        full_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX rate_buckets_full_at ON rate_buckets (full_at);
      CREATE UNLOGGED TABLE proven_logins (
        pair TEXT PRIMARY KEY,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX proven_logins_expires_at ON proven_logins (expires_at);
      CREATE TABLE idempotency_keys (
        slot TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        claim TEXT NOT NULL,
        run_id TEXT,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
    `,
  },
  {
    version: 6,
    name: 'owners take turns: when each was last handed a run; the queue is the queued runs no worker holds',
    sql: `
      CREATE SEQUENCE owner_turn_numbers;
      CREATE TABLE owner_turns (
        owner TEXT PRIMARY KEY,
        turn BIGINT NOT NULL
      );
      CREATE INDEX runs_waiting ON runs (sequence) WHERE status = 'queued' AND worker IS NULL;
    `,
  },
  {
    version: 7,
    name: 'the archive of the pages each run cites, and the last re-check of its quotes',
    sql: `
      CREATE TABLE run_archives (
        run_id TEXT PRIMARY KEY,
        warc BYTEA NOT NULL
      );
      CREATE TABLE run_verifications (
        run_id TEXT PRIMARY KEY,
        report TEXT NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: 'each take of a run is a claim of its own: writes carry it, a stale holder is refused',
    sql: `
      ALTER TABLE runs ADD COLUMN claim INTEGER NOT NULL DEFAULT 0;
    `,
  },
];

/** A lock number of our own, so nodes starting at once migrate one after another. */
const MIGRATION_LOCK = 0x64726573; // "dres"

/**
 * Creates `schema` when missing and applies the migrations it has not seen, each in its own
 * transaction, under an advisory lock (several nodes may start at once). Returns the version.
 */
export async function migratePostgres(
  client: pg.PoolClient,
  schema: string,
  list: readonly PostgresMigration[] = postgresMigrations,
): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    let current = rows[0]?.version ?? 0;
    for (const migration of list) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      current = migration.version;
    }
    return current;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
