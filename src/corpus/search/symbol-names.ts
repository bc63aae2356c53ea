import type { SqliteDatabase } from '../database/index.js';
import type { ScoredChunk } from './lexical.js';
import { chunksUnder } from './path-filter.js';

/**
 * The symbol-name leg of hybrid search: definitions whose name shares words with the query
 * (`reciprocal rank fusion` finds `reciprocalRankFusion`), ranked by FTS5's BM25 over the name's
 * tokens, mapped to the chunks that hold them (each chunk at its best definition's rank). One FTS5
 * query whose size the term limit of `queryTerms` bounds.
 */
export function symbolNameSearch(options: {
  db: SqliteDatabase;
  /** The query's distinct terms (see `queryTerms`). */
  terms: readonly string[];
  limit: number;
  pathPrefix?: string;
}): ScoredChunk[] {
  const { terms } = options;
  if (terms.length === 0) return [];
  const rows = options.db
    .prepare(
      `SELECT d.chunk_id AS chunkId, -bm25(symbol_names) AS score
       FROM symbol_names JOIN definitions d ON d.id = symbol_names.rowid
       WHERE symbol_names MATCH ? AND d.chunk_id IS NOT NULL ORDER BY score DESC LIMIT ?`,
    )
    .all(terms.map((term) => `"${term}"`).join(' OR '), options.limit * 4) as ScoredChunk[];
  const allowed = chunksUnder(options.db, options.pathPrefix);
  const best = new Map<number, number>();
  for (const row of rows) {
    if (allowed && !allowed.has(row.chunkId)) continue;
    if (!best.has(row.chunkId)) best.set(row.chunkId, row.score);
  }
  return [...best].slice(0, options.limit).map(([chunkId, score]) => ({ chunkId, score }));
}
