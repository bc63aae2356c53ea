import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BM25_B, BM25_K1, FIELD_WEIGHTS, SEARCH_SLICE_MS } from '../constants.js';
import { POSTING_STRIDE, readPostings, type SqliteDatabase } from '../database/index.js';
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

/**
 * Text scores by chunk, summed over the terms read so far, and each scored chunk's file: a later
 * search of the same query with more terms (name feedback) reads only the new terms' postings.
 */
export interface TextScores {
  terms: Set<string>;
  scores: Map<number, number>;
  fileOf: Map<number, number>;
}

export function emptyTextScores(): TextScores {
  return { terms: new Set(), scores: new Map(), fileOf: new Map() };
}

/** A passage's prior: the factor its text score is multiplied by (see `priorOf`). */
export type Weigh = (chunkId: number, fileId: number) => number;

/**
 * BM25F over the chunks' path, title and body fields (Robertson & Zaragoza 2009): per term, each
 * field's frequency is length-normalised (b) against that field's mean and weighted, the sum is
 * saturated once (k1), and scaled by Lucene's IDF, ln(1 + (N - df + 0.5) / (df + 0.5)), and by the
 * term's weight in the query. Frequencies and lengths come from the term's postings. Statistics are
 * those of the whole corpus; `pathPrefix` only filters the ranking. `weigh` multiplies each
 * passage's score by its priors before the ranking is cut at `limit`. Each term is one look-up;
 * between them the event loop gets a turn every `SEARCH_SLICE_MS`, so a server answers others
 * during a long search.
 */
export async function lexicalSearch(options: {
  db: SqliteDatabase;
  stats: CollectionStats;
  /** The query's terms and the weight of each: how often it occurs (see `queryTerms`), or an expansion's. */
  terms: ReadonlyMap<string, number>;
  limit: number;
  pathPrefix?: string;
  signal?: AbortSignal;
  /** Priors of the passages; none: the text score alone. */
  weigh?: Weigh;
  /** Scores of terms read before, added to (a term read before keeps the weight it was read with). */
  scored?: TextScores;
}): Promise<ScoredChunk[]> {
  const { db, stats } = options;
  if (options.terms.size === 0 || stats.count === 0) return [];
  const [pathWeight, titleWeight, bodyWeight] = [FIELD_WEIGHTS.path, FIELD_WEIGHTS.title, FIELD_WEIGHTS.body];
  const { path: pathMean, title: titleMean, body: bodyMean } = stats.averages;
  const norm = (length: number, mean: number) => 1 - BM25_B + (BM25_B * length) / mean;
  const scored = options.scored ?? emptyTextScores();
  const { scores, fileOf } = scored;
  let slice = performance.now();
  for (const [term, queryWeight] of options.terms) {
    if (scored.terms.has(term)) continue;
    scored.terms.add(term);
    if (performance.now() - slice > SEARCH_SLICE_MS) {
      await yieldToEventLoop();
      options.signal?.throwIfAborted();
      slice = performance.now();
    }
    const blocks = readPostings(db, term);
    const documentFrequency = blocks.reduce((sum, block) => sum + block.length / POSTING_STRIDE, 0);
    if (documentFrequency === 0) continue;
    const idf = Math.log(1 + (stats.count - documentFrequency + 0.5) / (documentFrequency + 0.5));
    for (const block of blocks) {
      // Entry: chunk, file, count in path, title, body, length of path, title, body.
      for (let at = 0; at < block.length; at += POSTING_STRIDE) {
        const chunkId = block[at] as number;
        const frequency =
          (pathWeight * (block[at + 2] as number)) / norm(block[at + 5] as number, pathMean) +
          (titleWeight * (block[at + 3] as number)) / norm(block[at + 6] as number, titleMean) +
          (bodyWeight * (block[at + 4] as number)) / norm(block[at + 7] as number, bodyMean);
        const gain = (queryWeight * idf * frequency) / (BM25_K1 + frequency);
        scores.set(chunkId, (scores.get(chunkId) ?? 0) + gain);
        fileOf.set(chunkId, block[at + 1] as number);
      }
    }
  }
  const allowed = chunksUnder(db, options.pathPrefix);
  const { weigh } = options;
  return [...scores]
    .filter(([chunkId]) => !allowed || allowed.has(chunkId))
    .map(([chunkId, score]) => ({
      chunkId,
      score: weigh ? score * weigh(chunkId, fileOf.get(chunkId) ?? 0) : score,
    }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    .slice(0, options.limit);
}
