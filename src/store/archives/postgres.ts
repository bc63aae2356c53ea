import type pg from 'pg';
import type { VerifyReport } from '../../contract/index.js';
import type { ArchiveStore } from './archive-store.js';

type Query = <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;

/**
 * Archives (`bytea`) in `run_archives` and checks (JSON text) in `run_verifications` of a Postgres
 * store; its `deleteRun` removes a run's rows. `query` refuses work once the store is closed.
 */
export function createPostgresArchives(
  query: Query,
  requireRun: (runId: string) => Promise<void>,
): ArchiveStore {
  return {
    async put(runId, warc) {
      await requireRun(runId);
      await query(
        `INSERT INTO run_archives (run_id, warc) VALUES ($1, $2)
         ON CONFLICT (run_id) DO UPDATE SET warc = EXCLUDED.warc`,
        [runId, Buffer.from(warc)],
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
