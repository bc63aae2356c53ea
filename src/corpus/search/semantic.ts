import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { SEARCH_SLICE_MS } from '../constants.js';
import type { SqliteDatabase } from '../database/index.js';
import type { ScoredChunk } from './lexical.js';
import { chunksUnder } from './path-filter.js';

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * The semantic leg: chunks by cosine similarity of their stored vector to the query's. Exact
 * (brute force) — in SQLite with sqlite-vec's `vec_distance_cosine` when the extension loaded, else
 * in JavaScript over the stored Float32 blobs, a page of vectors at a time with a turn for the event
 * loop every `SEARCH_SLICE_MS`; both are fast enough for corpora of a few 100k chunks.
 */
export async function semanticSearch(options: {
  db: SqliteDatabase;
  vectorExtension: boolean;
  vector: readonly number[];
  limit: number;
  pathPrefix?: string;
  signal?: AbortSignal;
}): Promise<ScoredChunk[]> {
  const query = new Float32Array(options.vector);
  const allowed = chunksUnder(options.db, options.pathPrefix);
  if (options.vectorExtension && !allowed) {
    const rows = options.db
      .prepare(
        `SELECT chunk_id AS chunkId, 1 - vec_distance_cosine(vector, ?) AS score
         FROM embeddings ORDER BY score DESC LIMIT ?`,
      )
      .all(Buffer.from(query.buffer), options.limit) as ScoredChunk[];
    return rows;
  }
  const scored: ScoredChunk[] = [];
  // Pages, not one open iterator: the connection stays free for other requests between them.
  const page = options.db.prepare(
    'SELECT chunk_id AS chunkId, vector FROM embeddings WHERE chunk_id > ? ORDER BY chunk_id LIMIT 1000',
  );
  let slice = performance.now();
  for (let after = 0; ; ) {
    const rows = page.all(after) as Array<{ chunkId: number; vector: Buffer }>;
    for (const row of rows) {
      if (allowed && !allowed.has(row.chunkId)) continue;
      const vector = new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4);
      scored.push({ chunkId: row.chunkId, score: cosine(query, vector) });
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.chunkId;
    if (performance.now() - slice > SEARCH_SLICE_MS) {
      await yieldToEventLoop();
      options.signal?.throwIfAborted();
      slice = performance.now();
    }
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, options.limit);
}
