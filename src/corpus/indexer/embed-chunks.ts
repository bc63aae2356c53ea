import type { Embedder } from '../../llm/index.js';
import { EMBEDDING_BATCH_SIZE } from '../constants.js';
import { readMeta, type SqliteDatabase, writeMeta } from '../database/open-database.js';
import type { IndexProgress } from '../types.js';
import { splitLines } from './prepare-file.js';

interface PendingChunk {
  id: number;
  path: string;
  symbol: string | null;
  startLine: number;
  endLine: number;
  fileId: number;
}

/** The text a chunk is embedded as: its path and symbol, then its lines. */
export function embeddingText(chunk: { path: string; symbol: string | null }, lines: string): string {
  return `${chunk.path}${chunk.symbol ? ` ${chunk.symbol}` : ''}\n${lines}`;
}

/**
 * Embeds every chunk that has no vector yet, in batches. Vectors of another model are dropped
 * first, so an index never mixes two models' vectors. Resolves with the number embedded.
 */
export async function embedChunks(options: {
  db: SqliteDatabase;
  embedder: Embedder;
  onProgress?: (progress: IndexProgress) => void;
  signal?: AbortSignal;
}): Promise<number> {
  const { db, embedder } = options;
  if (readMeta(db, 'embed_model') !== embedder.id) {
    db.prepare('DELETE FROM embeddings').run();
    writeMeta(db, 'embed_model', embedder.id);
  }
  const pending = db
    .prepare(
      `SELECT c.id, f.path, c.symbol, c.start_line AS startLine, c.end_line AS endLine, c.file_id AS fileId
       FROM chunks c JOIN files f ON f.id = c.file_id
       WHERE c.id NOT IN (SELECT chunk_id FROM embeddings) ORDER BY c.file_id, c.start_line`,
    )
    .all() as PendingChunk[];
  const textOf = db.prepare('SELECT text FROM files WHERE id = ?').pluck();
  const insert = db.prepare('INSERT OR REPLACE INTO embeddings (chunk_id, vector) VALUES (?, ?)');
  let fileLines: { id: number; lines: string[] } | undefined;
  for (let start = 0; start < pending.length; start += EMBEDDING_BATCH_SIZE) {
    options.signal?.throwIfAborted();
    const batch = pending.slice(start, start + EMBEDDING_BATCH_SIZE);
    const texts = batch.map((chunk) => {
      if (fileLines?.id !== chunk.fileId) {
        fileLines = { id: chunk.fileId, lines: splitLines(textOf.get(chunk.fileId) as string) };
      }
      return embeddingText(chunk, fileLines.lines.slice(chunk.startLine - 1, chunk.endLine).join('\n'));
    });
    const vectors = await embedder.embed(texts, { signal: options.signal });
    db.transaction(() => {
      batch.forEach((chunk, index) => {
        const vector = vectors[index];
        if (vector) insert.run(chunk.id, Buffer.from(new Float32Array(vector).buffer));
      });
    })();
    options.onProgress?.({
      phase: 'embed',
      done: Math.min(start + batch.length, pending.length),
      total: pending.length,
    });
  }
  return pending.length;
}
