import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BM25_B, BM25_K1, FIELD_WEIGHTS, SEARCH_SLICE_MS } from '../constants.js';
import type { SqliteDatabase } from '../database/index.js';
import { chunksUnder } from './path-filter.js';

/** A chunk and its score in one leg of a search. */
export interface ScoredChunk {
  chunkId: number;
  score: number;
}

/** Chunk count and mean field lengths, the collection statistics BM25 needs. */
export interface CollectionStats {
  count: number;
  averages: { path: number; title: number; body: number };
}

export function collectionStats(db: SqliteDatabase): CollectionStats {
  const row = db
    .prepare(
      'SELECT count(*) AS count, avg(path_length) AS path, avg(title_length) AS title, avg(body_length) AS body FROM chunks',
    )
    .get() as { count: number; path: number | null; title: number | null; body: number | null };
  return {
    count: row.count,
    averages: { path: row.path || 1, title: row.title || 1, body: row.body || 1 },
  };
}

type Field = keyof typeof FIELD_WEIGHTS;

interface Posting {
  doc: number;
  col: Field;
  tf: number;
  path_length: number;
  title_length: number;
  body_length: number;
}

/**
 * BM25F over the chunks' path, title and body fields (Robertson & Zaragoza 2009): per term, each
 * field's frequency is length-normalised (b) against that field's mean and weighted, the sum is
 * saturated once (k1), and scaled by Lucene's IDF, ln(1 + (N - df + 0.5) / (df + 0.5)). Term
 * frequencies come from FTS5's index through its `instance` vocabulary. Statistics are those of the
 * whole corpus; `pathPrefix` only filters the ranking. Each term is one look-up; between them the
 * event loop gets a turn every `SEARCH_SLICE_MS`, so a server answers others during a long search.
 */
export async function lexicalSearch(options: {
  db: SqliteDatabase;
  stats: CollectionStats;
  /** The query's terms and how often each occurs (see `queryTerms`). */
  terms: ReadonlyMap<string, number>;
  limit: number;
  pathPrefix?: string;
  signal?: AbortSignal;
}): Promise<ScoredChunk[]> {
  const { db, stats } = options;
  if (options.terms.size === 0 || stats.count === 0) return [];
  const postings = db.prepare(
    `SELECT t.doc, t.col, count(*) AS tf, c.path_length, c.title_length, c.body_length
     FROM chunk_terms t JOIN chunks c ON c.id = t.doc WHERE t.term = ? GROUP BY t.doc, t.col`,
  );
  const scores = new Map<number, number>();
  let slice = performance.now();
  for (const [term, queryCount] of options.terms) {
    if (performance.now() - slice > SEARCH_SLICE_MS) {
      await yieldToEventLoop();
      options.signal?.throwIfAborted();
      slice = performance.now();
    }
    const rows = postings.all(term) as Posting[];
    const weighted = new Map<number, number>();
    for (const row of rows) {
      const length = row[`${row.col}_length`];
      const normalised = row.tf / (1 - BM25_B + (BM25_B * length) / stats.averages[row.col]);
      weighted.set(row.doc, (weighted.get(row.doc) ?? 0) + FIELD_WEIGHTS[row.col] * normalised);
    }
    const documentFrequency = weighted.size;
    const idf = Math.log(1 + (stats.count - documentFrequency + 0.5) / (documentFrequency + 0.5));
    for (const [doc, frequency] of weighted) {
      const gain = (queryCount * idf * frequency) / (BM25_K1 + frequency);
      scores.set(doc, (scores.get(doc) ?? 0) + gain);
    }
  }
  const allowed = chunksUnder(db, options.pathPrefix);
  return [...scores]
    .filter(([chunkId]) => !allowed || allowed.has(chunkId))
    .map(([chunkId, score]) => ({ chunkId, score }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    .slice(0, options.limit);
}
