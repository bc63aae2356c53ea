import type pg from 'pg';
import { StoreError } from '../errors.js';
import type { WriteFence } from '../types.js';
import { fenceHolds, notHeldError } from './event-appends.js';
import type { RunRow } from './run-rows.js';

/** A query on the store's pool (refused once the store is closed). */
export type StoreQuery = <Row extends pg.QueryResultRow>(
  sql: string,
  values?: unknown[],
) => Promise<pg.QueryResult<Row>>;

/**
 * What each part of a Postgres store works through: its pool, refused once the store is closed,
 * and the reads and transactions the parts share.
 */
export interface StoreConnection {
  /** Throws `StoreError` `store_closed` once the store is closed. */
  ensureOpen(): void;
  /** No query or transaction is started from now on. */
  markClosed(): void;
  /** Whether `markClosed` was called. */
  isClosed(): boolean;
  query: StoreQuery;
  /** Runs `work` in one transaction on one connection, rolled back when it throws. */
  transaction<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T>;
  /** The JSON `data` column of the rows a query returns, parsed, in their order. */
  jsonRows<T>(sql: string, values: unknown[]): Promise<T[]>;
  /** The run's row; undefined without the run. */
  runRow(id: string): Promise<RunRow | undefined>;
  /** The run's row; `StoreError` `run_not_found` without the run. */
  requireRun(id: string): Promise<RunRow>;
  /**
   * Makes a write of the run's (a screenshot, its archive) in one transaction with the run's row
   * locked against a take, once `fence` holds: a copy of the run taken over since writes nothing.
   */
  whileHeld(id: string, fence: WriteFence, write: (held: StoreQuery) => Promise<unknown>): Promise<void>;
}

/** The connection of a store over `pool`, open until `markClosed`. */
export function storeConnection(pool: pg.Pool): StoreConnection {
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new StoreError('store_closed', 'The run store is closed.');
  };
  async function transaction<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
    ensureOpen();
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
  const query: StoreQuery = <Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
    ensureOpen();
    return pool.query<Row>(sql, values);
  };
  const runRow = async (id: string) =>
    (await query<RunRow>('SELECT * FROM runs WHERE id = $1', [id])).rows[0];
  return {
    ensureOpen,
    markClosed: () => {
      closed = true;
    },
    isClosed: () => closed,
    query,
    transaction,
    jsonRows: async <T>(sql: string, values: unknown[]): Promise<T[]> =>
      (await query<{ data: string }>(sql, values)).rows.map((row) => JSON.parse(row.data) as T),
    runRow,
    async requireRun(id) {
      const row = await runRow(id);
      if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
      return row;
    },
    whileHeld: (id, fence, write) =>
      transaction(async (connection) => {
        const { rows } = await connection.query<RunRow>(
          'SELECT worker, claim FROM runs WHERE id = $1 FOR SHARE',
          [id],
        );
        const row = rows[0];
        if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
        if (!fenceHolds(fence, row)) throw notHeldError(id);
        await write((sql, values) => connection.query(sql, values));
      }),
  };
}
