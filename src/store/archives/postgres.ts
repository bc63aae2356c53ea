import type pg from 'pg';
import type { VerifyReport } from '../../contract/index.js';
import type { WriteFence } from '../write-fence.js';
import type { ArchiveStore } from './archive-store.js';

type Query = <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;

/** What the archives of a Postgres store work with. */
export interface PostgresArchivesOptions {
  /** Refuses work once the store is closed. */
  query: Query;
  /** `StoreError` `run_not_found` without the run. */
  requireRun: (runId: string) => Promise<void>;
  /** Makes a write of the run's in one transaction while `fence` holds (see `RunStore.updateRun`). */
  whileHeld: (runId: string, fence: WriteFence, write: (query: Query) => Promise<unknown>) => Promise<void>;
}

/**
 * Archives (`bytea`) in `run_archives` and checks (JSON text) in `run_verifications` of a Postgres
 * store; its `deleteRun` removes a run's rows.
 */
export function createPostgresArchives(options: PostgresArchivesOptions): ArchiveStore {
  const { query, requireRun } = options;
  return {
    async put(runId, warc, fence = {}) {
      await options.whileHeld(runId, fence, (held) =>
        held(
          `INSERT INTO run_archives (run_id, warc) VALUES ($1, $2)
           ON CONFLICT (run_id) DO UPDATE SET warc = EXCLUDED.warc`,
          [runId, Buffer.from(warc)],
        ),
      );
    },
    async get(runId) {
      const { rows } = await query<{ warc: Buffer }>('SELECT warc FROM run_archives WHERE run_id = $1', [
        runId,
      ]);
      return rows[0] ? new Uint8Array(rows[0].warc) : undefined;
    },
    async has(runId) {
      const { rows } = await query('SELECT 1 FROM run_archives WHERE run_id = $1', [runId]);
      return rows.length > 0;
    },
    async putVerification(report) {
      await requireRun(report.runId);
      await query(
        `INSERT INTO run_verifications (run_id, report) VALUES ($1, $2)
         ON CONFLICT (run_id) DO UPDATE SET report = EXCLUDED.report`,
        [report.runId, JSON.stringify(report)],
      );
    },
    async getVerification(runId) {
      const { rows } = await query<{ report: string }>(
        'SELECT report FROM run_verifications WHERE run_id = $1',
        [runId],
      );
      return rows[0] ? (JSON.parse(rows[0].report) as VerifyReport) : undefined;
    },
  };
}
