import type pg from 'pg';
import type { RunMemory } from '../../contract/index.js';
import type { MemoryStore } from '../types.js';

/**
 * Memories in the `memories` table of a Postgres store (migration 2), as JSON text like the rest
 * (see `postgresMigrations`). `query` refuses work once the store is closed.
 */
export function createPostgresMemories(
  query: <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>,
): MemoryStore {
  const parse = (rows: { data: string }[]) => rows.map((row) => JSON.parse(row.data) as RunMemory);
  return {
    async save(memory) {
      await query(
        `INSERT INTO memories (run_id, owner, created_at, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (run_id) DO UPDATE SET owner = EXCLUDED.owner, created_at = EXCLUDED.created_at, data = EXCLUDED.data`,
        [memory.runId, memory.owner ?? null, memory.createdAt, JSON.stringify(memory)],
      );
    },
    async get(runId) {
      const { rows } = await query<{ data: string }>('SELECT data FROM memories WHERE run_id = $1', [runId]);
      return parse(rows)[0];
    },
    async list(listQuery) {
      const owned = listQuery.owner !== undefined;
      const { rows } = await query<{ data: string }>(
        `SELECT data FROM memories ${owned ? 'WHERE owner = $2' : ''}
         ORDER BY created_at DESC, sequence DESC LIMIT $1`,
        [listQuery.limit, ...(owned ? [listQuery.owner] : [])],
      );
      return parse(rows);
    },
    async forget(runId) {
      const result = await query('DELETE FROM memories WHERE run_id = $1', [runId]);
      return (result.rowCount ?? 0) > 0;
    },
    async forgetAll(forgetQuery = {}) {
      const owned = forgetQuery.owner !== undefined;
      const result = await query(
        `DELETE FROM memories ${owned ? 'WHERE owner = $1' : ''}`,
        owned ? [forgetQuery.owner] : [],
      );
      return result.rowCount ?? 0;
    },
  };
}
