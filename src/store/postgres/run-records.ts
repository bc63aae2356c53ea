import { emptyMetrics, emptyUsage } from '../../contract/index.js';
import { StoreError } from '../errors.js';
import type { ListRunsQuery, RunRecord, RunStore, RunUpdate, WriteFence } from '../types.js';
import { fenceHolds, notHeldError } from './event-appends.js';
import { listRunsQuery, type RunRow, storedFields, toRecord } from './run-rows.js';
import type { StoreConnection } from './store-connection.js';

/** The tables whose rows belong to a run, removed with it. */
const RUN_TABLES = [
  'events',
  'run_sources',
  'run_screenshots',
  'evaluations',
  'memories',
  'run_archives',
  'run_verifications',
];

/** The run records of a Postgres store (the `runs` table): made, read, changed, listed, removed. */
export type RunRecords = Pick<
  RunStore,
  'createRun' | 'getRun' | 'updateRun' | 'listRuns' | 'deleteRun' | 'markInterrupted'
>;

/** The run records of the store behind `connection`. */
export function postgresRunRecords(connection: StoreConnection): RunRecords {
  const { query, transaction, requireRun } = connection;
  return {
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
      const row = await connection.runRow(id);
      return row ? toRecord(row) : undefined;
    },
    async updateRun(id, update: RunUpdate, fence: WriteFence = {}) {
      return transaction(async (held) => {
        const { rows } = await held.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
        const row = rows[0];
        if (!row) throw new StoreError('run_not_found', `No run with id "${id}".`);
        if (!fenceHolds(fence, row)) throw notHeldError(id);
        const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
        const record: RunRecord = { ...toRecord(row), ...changes };
        await held.query('UPDATE runs SET status = $1, record = $2 WHERE id = $3', [
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
      return transaction(async (held) => {
        const removed = await held.query('DELETE FROM runs WHERE id = $1', [id]);
        for (const table of RUN_TABLES) {
          await held.query(`DELETE FROM ${table} WHERE run_id = $1`, [id]);
        }
        return (removed.rowCount ?? 0) > 0;
      });
    },
    async markInterrupted() {
      const { rows } = await query<{ id: string }>(
        `UPDATE runs SET status = 'interrupted' WHERE status IN ('queued', 'running') RETURNING id`,
      );
      return rows.map((row) => row.id);
    },
  };
}
