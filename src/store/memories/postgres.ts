import type pg from 'pg';
import type { RunMemory } from '../../contract/index.js';
import { packJson, unpackJson } from '../stored-texts.js';
import type { MemoryStore } from '../types.js';

type Query = <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;

/** A memory's row: its run and its JSON. */
interface MemoryRow {
  run_id: string;
  data: string;
}

/** The question of each run of `runIds` still in the store (from its record's JSON). */
async function questionsOf(query: Query, runIds: readonly string[]): Promise<Map<string, string>> {
  const questions = new Map<string, string>();
  if (runIds.length === 0) return questions;
  const { rows } = await query<{ id: string; record: string }>(
    'SELECT id, record FROM runs WHERE id = ANY($1)',
    [[...runIds]],
  );
  for (const row of rows)
    questions.set(row.id, (JSON.parse(row.record) as { question?: string }).question ?? '');
  return questions;
}

/**
 * Memories in the `memories` table of a Postgres store (migration 2), as JSON text like the rest
 * (see `postgresMigrations`). The memory of a run in the store refers to the run's question when
 * it is long (see `STORED_ONCE_CHARS`) instead of copying it (the memory goes when the run goes);
 * its other texts, and a memory without a run here, are stored whole. `query` refuses work once
 * the store is closed.
 */
export function createPostgresMemories(query: Query): MemoryStore {
  const parse = async (rows: MemoryRow[]) => {
    // Only JSON holding an escaped NUL can hold a reference: the runs of the others are not read.
    const referring = rows.filter((row) => row.data.includes('\\u0000')).map((row) => row.run_id);
    const questions = await questionsOf(query, referring);
    return rows.map((row) =>
      unpackJson<RunMemory>(row.data, { question: questions.get(row.run_id) ?? '', load: () => undefined }),
    );
  };
  return {
    async save(memory) {
      const question = (await questionsOf(query, [memory.runId])).get(memory.runId);
      const data = question === undefined ? JSON.stringify(memory) : packJson(memory, { question });
      await query(
        `INSERT INTO memories (run_id, owner, created_at, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (run_id) DO UPDATE SET owner = EXCLUDED.owner, created_at = EXCLUDED.created_at, data = EXCLUDED.data`,
        [memory.runId, memory.owner ?? null, memory.createdAt, data],
      );
    },
    async get(runId) {
      const { rows } = await query<MemoryRow>('SELECT run_id, data FROM memories WHERE run_id = $1', [runId]);
      return (await parse(rows))[0];
    },
    async list(listQuery) {
      const owned = listQuery.owner !== undefined;
      const { rows } = await query<MemoryRow>(
        `SELECT run_id, data FROM memories ${owned ? 'WHERE owner = $2' : ''}
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
