import pg from 'pg';
import { ConfigError } from '../../errors.js';
import type { SourceCache } from '../../reader/index.js';
import { createPostgresArchives } from '../archives/postgres.js';
import { createPostgresLimits, type PostgresLimitStore } from '../limits/postgres.js';
import { createPostgresMemories } from '../memories/postgres.js';
import type { RunStore } from '../types.js';
import { postgresEventLog } from './event-log.js';
import { migratePostgres } from './migrations.js';
import { postgresRunAttachments } from './run-attachments.js';
import { postgresRunRecords } from './run-records.js';
import { createPostgresSourceCache } from './source-cache.js';
import { storeConnection } from './store-connection.js';

/**
 * A Postgres run store, with the reader's source cache and the request limits every api node
 * shares in the same database.
 */
export interface PostgresRunStore extends RunStore {
  readonly sourceCache: SourceCache;
  readonly limits: PostgresLimitStore;
}

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (a socket folder as `host=` works too). */
  url: string;
  /** Schema holding the tables (default `deepresearch`); created on first use. */
  schema?: string;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

/** The channel each appended event is announced on (`run id:index`), for nodes that follow runs. */
export const EVENTS_CHANNEL = 'deepresearch_events';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens a Postgres run store: connects, creates the schema and applies the migrations it has not
 * seen. Appends to one run are made in call order (those waiting together in one statement); a bad
 * append fails alone. Every append is announced on `EVENTS_CHANNEL` in the same transaction.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresRunStore> {
  const schema = options.schema ?? 'deepresearch';
  if (!SCHEMA_NAME.test(schema)) {
    throw new ConfigError(`"${schema}" is not a schema name: use lower-case letters, digits and _.`);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: `-c search_path="${schema}"`,
  });
  // An idle connection that drops (the server restarts) is replaced on the next query; never a crash.
  pool.on('error', () => undefined);
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  try {
    await migratePostgres(client, schema);
  } finally {
    client.release();
  }

  const connection = storeConnection(pool);
  const events = postgresEventLog(connection, EVENTS_CHANNEL);
  return {
    sourceCache: createPostgresSourceCache(pool),
    limits: createPostgresLimits(connection.query),
    memories: createPostgresMemories(connection.query),
    archives: createPostgresArchives({
      query: connection.query,
      requireRun: async (id) => {
        await connection.requireRun(id);
      },
      whileHeld: connection.whileHeld,
    }),
    ...postgresRunRecords(connection),
    appendEvent: events.appendEvent,
    writeEvents: events.writeEvents,
    listEvents: events.listEvents,
    ...postgresRunAttachments(connection),
    async close() {
      if (connection.isClosed()) return;
      // Appends and writes already made are let finish; then the pool closes.
      await events.idle();
      connection.markClosed();
      await pool.end();
    },
  };
}
