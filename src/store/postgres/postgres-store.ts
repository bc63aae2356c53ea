import pg from 'pg';
import type { ResearchEvent } from '../../contract/index.js';
import { emptyMetrics, emptyUsage } from '../../contract/index.js';
import { ConfigError } from '../../errors.js';
import type { SourceCache } from '../../reader/index.js';
import { createPostgresArchives } from '../archives/postgres.js';
import { StoreError } from '../errors.js';
import { createPostgresLimits, type PostgresLimitStore } from '../limits/postgres.js';
import { createPostgresMemories } from '../memories/postgres.js';
import type {
  ListRunsQuery,
  RunEvaluation,
  RunRecord,
  RunSource,
  RunStore,
  RunUpdate,
  WriteFence,
} from '../types.js';
import { createEventAppends, fenceHolds, notHeldError } from './event-appends.js';
import { writeEventsOn } from './event-writes.js';
import { migratePostgres } from './migrations.js';
import { listRunsQuery, type RunRow, storedFields, toRecord } from './run-rows.js';
import { createPostgresSourceCache } from './source-cache.js';

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

  let closed = false;
  const open = () => {
    if (closed) throw new StoreError('store_closed', 'The run store is closed.');
  };
  async function transaction<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
    open();
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      const value = await work(connection);
      await connection.query('COMMIT');
      return value;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
  const query = <Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
    open();
    return pool.query<Row>(sql, values);
  };
  /** The JSON `data` column of the rows a query returns, parsed, in their order. */
  const jsonRows = async <T>(sql: string, values: unknown[]): Promise<T[]> =>
    (await query<{ data: string }>(sql, values)).rows.map((row) => JSON.parse(row.data) as T);
  const runRow = async (id: string) =>
    (await query<RunRow>('SELECT * FROM runs WHERE id = $1', [id])).rows[0];
  const requireRun = async (id: string) => {
    const row = await runRow(id);
    if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
    return row;
  };

  /**
   * Makes a write of the run's (a screenshot, its archive) in one transaction with the run's row
   * locked against a take, once `fence` holds: a copy of the run taken over since writes nothing.
   */
  const whileHeld = (id: string, fence: WriteFence, write: (held: typeof query) => Promise<unknown>) =>
    transaction(async (connection) => {
      const { rows } = await connection.query<RunRow>(
        'SELECT worker, claim FROM runs WHERE id = $1 FOR SHARE',
        [id],
      );
      const row = rows[0];
      if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
      if (!fenceHolds(fence, row)) throw notHeldError(id);
      await write((sql, values) => connection.query(sql, values));
    });

  // Appends to one run are made in call order, its waiting ones in one statement.
  const appends = createEventAppends({
    query: (sql, values) => query(sql, values),
    channel: EVENTS_CHANNEL,
  });

  // Writes of many runs under way, each one transaction: close lets them finish.
  const writing = new Set<Promise<unknown>>();

  return {
    sourceCache: createPostgresSourceCache(pool),
    limits: createPostgresLimits(query),
    memories: createPostgresMemories(query),
    archives: createPostgresArchives({
      query,
      requireRun: async (id) => {
        await requireRun(id);
      },
      whileHeld,
    }),
    async createRun(run) {
      const record: RunRecord = {
        id: run.id,
        question: run.question,
        status: run.status ?? 'queued',
        options: run.options,
        createdAt: run.createdAt,
        usage: emptyUsage(),
        metrics: emptyMetrics(),
        eventCount: 0,
        // No `owner` key without an owner, like the record read back from its row.
        ...(run.owner !== undefined ? { owner: run.owner } : {}),
        ...(run.seesAll ? { seesAll: true } : {}),
      };
      try {
        await query('INSERT INTO runs (id, status, owner, created_at, record) VALUES ($1, $2, $3, $4, $5)', [
          record.id,
          record.status,
          run.owner ?? null,
          record.createdAt,
          storedFields(record),
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw new StoreError('run_exists', `A run with id "${run.id}" exists.`, { cause: error });
        }
        throw error;
      }
      return toRecord(await requireRun(run.id));
    },
    async getRun(id) {
      const row = await runRow(id);
      return row ? toRecord(row) : undefined;
    },
    async updateRun(id, update: RunUpdate, fence: WriteFence = {}) {
      return transaction(async (connection) => {
        const { rows } = await connection.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
        const row = rows[0];
        if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
        if (!fenceHolds(fence, row)) throw notHeldError(id);
        const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
        const record: RunRecord = { ...toRecord(row), ...changes };
        await connection.query('UPDATE runs SET status = $1, record = $2 WHERE id = $3', [
          record.status,
          storedFields(record),
          id,
        ]);
        return record;
      });
    },
    async listRuns(listQuery: ListRunsQuery) {
      const { sql, values } = listRunsQuery(listQuery);
      const { rows } = await query<RunRow>(sql, values);
      const page = rows.slice(0, listQuery.limit);
      const last = page[page.length - 1];
      return {
        runs: page.map(toRecord),
        ...(rows.length > listQuery.limit && last ? { nextCursor: String(last.sequence) } : {}),
      };
    },
    async deleteRun(id) {
      return transaction(async (connection) => {
        const removed = await connection.query('DELETE FROM runs WHERE id = $1', [id]);
        const tables = [
          'events',
          'run_sources',
          'run_screenshots',
          'evaluations',
          'memories',
          'run_archives',
          'run_verifications',
        ];
        for (const table of tables) {
          await connection.query(`DELETE FROM ${table} WHERE run_id = $1`, [id]);
        }
        return (removed.rowCount ?? 0) > 0;
      });
    },
    async appendEvent(event, fence: WriteFence = {}) {
      open();
      await appends.append(event, fence);
    },
    async writeEvents(writes) {
      const written = transaction((connection) =>
        writeEventsOn((sql, values) => connection.query(sql, values), { writes, channel: EVENTS_CHANNEL }),
      );
      writing.add(written);
      try {
        return await written;
      } finally {
        writing.delete(written);
      }
    },
    async listEvents(runId, listOptions = {}) {
      return jsonRows<ResearchEvent>(
        'SELECT data FROM events WHERE run_id = $1 AND event_index > $2 ORDER BY event_index LIMIT $3',
        [runId, listOptions.after ?? -1, listOptions.limit ?? null],
      );
    },
    async addSource(runId, source: RunSource) {
      await requireRun(runId);
      await query(
        `INSERT INTO run_sources (run_id, url, data) VALUES ($1, $2, $3)
         ON CONFLICT (run_id, url) DO UPDATE SET data = EXCLUDED.data`,
        [runId, source.url, JSON.stringify(source)],
      );
    },
    async listSources(runId) {
      return jsonRows<RunSource>('SELECT data FROM run_sources WHERE run_id = $1 ORDER BY position', [runId]);
    },
    async putScreenshot(runId, url, png, fence: WriteFence = {}) {
      await whileHeld(runId, fence, (held) =>
        held(
          `INSERT INTO run_screenshots (run_id, url, png) VALUES ($1, $2, $3)
           ON CONFLICT (run_id, url) DO UPDATE SET png = EXCLUDED.png`,
          [runId, url, Buffer.from(png)],
        ),
      );
    },
    async getScreenshot(runId, url) {
      const { rows } = await query<{ png: Buffer }>(
        'SELECT png FROM run_screenshots WHERE run_id = $1 AND url = $2',
        [runId, url],
      );
      return rows[0] ? new Uint8Array(rows[0].png) : undefined;
    },
    async addEvaluation(runId, evaluation: RunEvaluation) {
      await requireRun(runId);
      await query(
        `INSERT INTO evaluations (run_id, event_index, data) VALUES ($1, $2, $3)
         ON CONFLICT (run_id, event_index) DO UPDATE SET data = EXCLUDED.data`,
        [runId, evaluation.eventIndex, JSON.stringify(evaluation)],
      );
    },
    async listEvaluations(runId) {
      return jsonRows<RunEvaluation>('SELECT data FROM evaluations WHERE run_id = $1 ORDER BY event_index', [
        runId,
      ]);
    },
    async markInterrupted() {
      const { rows } = await query<{ id: string }>(
        `UPDATE runs SET status = 'interrupted' WHERE status IN ('queued', 'running') RETURNING id`,
      );
      return rows.map((row) => row.id);
    },
    async close() {
      if (closed) return;
      // Appends and writes already made are let finish; then the pool closes.
      await appends.idle();
      await Promise.allSettled([...writing]);
      closed = true;
      await pool.end();
    },
  };
}
