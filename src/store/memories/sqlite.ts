import type Database from 'better-sqlite3';
import type { RunMemory } from '../../contract/index.js';
import { packJson, type TextPacker, type TextUnpacker, unpackJson } from '../stored-texts.js';
import type { MemoryStore } from '../types.js';

/** How a memory's long texts are stored once with its run's (see `stored-texts.ts`). */
export interface MemoryTexts {
  /** The packer of a run stored in this database; undefined when there is no such run (`ask --db`). */
  packerFor(runId: string): TextPacker | undefined;
  unpackerFor(runId: string, question: string): TextUnpacker;
}

/**
 * Memories in the `memories` table of a SQLite store (migration 4); `owner` is a column of its own.
 * The memory of a stored run refers to its question and long texts instead of copying them (they go
 * when the run goes, and its memory with it); a memory without a run here is stored whole.
 */
export function createSqliteMemories(database: Database.Database, texts: MemoryTexts): MemoryStore {
  const statements = {
    save: database.prepare(
      `INSERT INTO memories (run_id, owner, created_at, data) VALUES (?, ?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, created_at = excluded.created_at, data = excluded.data`,
    ),
    get: database.prepare<[string], MemoryRow>(
      `SELECT m.run_id, m.data, r.question FROM memories m LEFT JOIN runs r ON r.id = m.run_id WHERE m.run_id = ?`,
    ),
    forget: database.prepare('DELETE FROM memories WHERE run_id = ?'),
  };
  const parse = (row: MemoryRow) =>
    unpackJson<RunMemory>(row.data, texts.unpackerFor(row.run_id, row.question ?? ''));
  return {
    async save(memory) {
      const packer = texts.packerFor(memory.runId);
      const data = packer ? packJson(memory, packer) : JSON.stringify(memory);
      statements.save.run(memory.runId, memory.owner ?? null, memory.createdAt, data);
    },
    async get(runId) {
      const row = statements.get.get(runId);
      return row ? parse(row) : undefined;
    },
    async list(query) {
      const owned = query.owner !== undefined;
      const rows = database
        .prepare<unknown[], MemoryRow>(
          `SELECT m.run_id, m.data, r.question FROM memories m LEFT JOIN runs r ON r.id = m.run_id
           ${owned ? 'WHERE m.owner = ?' : ''}
           ORDER BY m.created_at DESC, m.sequence DESC LIMIT ?`,
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

/** A memory's row with its run's question (null when the run is not in this database). */
interface MemoryRow {
  run_id: string;
  data: string;
  question: string | null;
}
