import type Database from 'better-sqlite3';
import type { RunMemory } from '../../contract/index.js';
import type { MemoryStore } from '../types.js';

/** Memories in the `memories` table of a SQLite store (migration 4); `owner` is a column of its own. */
export function createSqliteMemories(database: Database.Database): MemoryStore {
  const statements = {
    save: database.prepare(
      `INSERT INTO memories (run_id, owner, created_at, data) VALUES (?, ?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, created_at = excluded.created_at, data = excluded.data`,
    ),
    get: database.prepare<[string], { data: string }>('SELECT data FROM memories WHERE run_id = ?'),
    forget: database.prepare('DELETE FROM memories WHERE run_id = ?'),
  };
  const parse = (row: { data: string }) => JSON.parse(row.data) as RunMemory;
  return {
    async save(memory) {
      statements.save.run(memory.runId, memory.owner ?? null, memory.createdAt, JSON.stringify(memory));
    },
    async get(runId) {
      const row = statements.get.get(runId);
      return row ? parse(row) : undefined;
    },
    async list(query) {
      const owned = query.owner !== undefined;
      const rows = database
        .prepare<unknown[], { data: string }>(
          `SELECT data FROM memories ${owned ? 'WHERE owner = ?' : ''}
           ORDER BY created_at DESC, sequence DESC LIMIT ?`,
        )
        .all(...(owned ? [query.owner] : []), query.limit);
      return rows.map(parse);
    },
    async forget(runId) {
      return statements.forget.run(runId).changes > 0;
    },
    async forgetAll(query = {}) {
      const owned = query.owner !== undefined;
      return database
        .prepare(`DELETE FROM memories ${owned ? 'WHERE owner = ?' : ''}`)
        .run(...(owned ? [query.owner] : [])).changes;
    },
  };
}
