import type { RunEvaluation, RunSource, RunStore, WriteFence } from '../types.js';
import type { StoreConnection } from './store-connection.js';

/** What a Postgres store keeps beside a run's events: its sources, screenshots and evaluations. */
export type RunAttachments = Pick<
  RunStore,
  'addSource' | 'listSources' | 'putScreenshot' | 'getScreenshot' | 'addEvaluation' | 'listEvaluations'
>;

/** The sources, screenshots and evaluations of the store behind `connection`. */
export function postgresRunAttachments(connection: StoreConnection): RunAttachments {
  const { query, jsonRows, requireRun } = connection;
  return {
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
      await connection.whileHeld(runId, fence, (held) =>
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
  };
}
