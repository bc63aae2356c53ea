import type { SqliteDatabase } from '../database/index.js';

/**
 * SQL condition (on `f.path`) and its parameters for "under `prefix`": the path itself or anything
 * below it as a folder. An empty prefix matches everything.
 */
export function pathCondition(prefix: string | undefined): { sql: string; parameters: string[] } {
  const clean = (prefix ?? '').replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (!clean) return { sql: '1', parameters: [] };
  const escaped = clean.replace(/[\\%_]/g, (character) => `\\${character}`);
  return { sql: "(f.path = ? OR f.path LIKE ? ESCAPE '\\')", parameters: [clean, `${escaped}/%`] };
}

/** Ids of the chunks under `prefix`, or `undefined` (no filter) when there is no prefix. */
export function chunksUnder(db: SqliteDatabase, prefix: string | undefined): Set<number> | undefined {
  const condition = pathCondition(prefix);
  if (condition.parameters.length === 0) return undefined;
  const ids = db
    .prepare(`SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE ${condition.sql}`)
    .pluck()
    .all(...condition.parameters) as number[];
  return new Set(ids);
}
