import type Database from 'better-sqlite3';
import type { VerifyReport } from '../../contract/index.js';
import type { ArchiveStore } from './archive-store.js';

/**
 * Archives in the `run_archives` table and checks in `run_verifications` of a SQLite store; the
 * store's `deleteRun` removes a run's rows (`requireRun` refuses a run it does not have).
 */
export function createSqliteArchives(
  database: Database.Database,
  requireRun: (runId: string) => void,
): ArchiveStore {
  const statements = {
    put: database.prepare('INSERT OR REPLACE INTO run_archives (run_id, warc) VALUES (?, ?)'),
    get: database.prepare<[string], { warc: Buffer }>('SELECT warc FROM run_archives WHERE run_id = ?'),
    has: database.prepare<[string], { one: number }>('SELECT 1 AS one FROM run_archives WHERE run_id = ?'),
    putVerification: database.prepare(
      'INSERT OR REPLACE INTO run_verifications (run_id, report) VALUES (?, ?)',
    ),
    getVerification: database.prepare<[string], { report: string }>(
      'SELECT report FROM run_verifications WHERE run_id = ?',
    ),
  };
  return {
    async put(runId, warc) {
      requireRun(runId);
      statements.put.run(runId, Buffer.from(warc));
    },
    async get(runId) {
      const row = statements.get.get(runId);
      return row ? new Uint8Array(row.warc) : undefined;
    },
    async has(runId) {
      return statements.has.get(runId) !== undefined;
    },
    async putVerification(report) {
      requireRun(report.runId);
      statements.putVerification.run(report.runId, JSON.stringify(report));
    },
    async getVerification(runId) {
      const row = statements.getVerification.get(runId);
      return row ? (JSON.parse(row.report) as VerifyReport) : undefined;
    },
  };
}
