import { describe, expect, it } from 'vitest';
import { openIndexDatabase } from '../database/index.js';
import { semanticSearch } from './semantic.js';

function indexWithVectors(vectors: number[][]) {
  const index = openIndexDatabase(':memory:');
  index.db
    .prepare(
      `INSERT INTO files (id, path, kind, size, mtime_ms, hash, text, line_count, indexed_at)
       VALUES (1, 'a.md', 'prose', 1, 0, 'h', 'x', 1, ''), (2, 'b/c.md', 'prose', 1, 0, 'h', 'x', 1, '')`,
    )
    .run();
  vectors.forEach((vector, offset) => {
    const id = offset + 1;
    index.db
      .prepare(
        'INSERT INTO chunks (id, file_id, start_line, end_line, path_length, title_length, body_length) VALUES (?, ?, 1, 1, 1, 0, 1)',
      )
      .run(id, id === 1 ? 1 : 2);
    index.db
      .prepare('INSERT INTO embeddings (chunk_id, vector) VALUES (?, ?)')
      .run(id, Buffer.from(new Float32Array(vector).buffer));
  });
  return index;
}

describe('semantic search', () => {
  it('ranks by cosine similarity the same with and without sqlite-vec, and filters by path', async () => {
    const index = indexWithVectors([
      [1, 0, 0],
      [0.6, 0.8, 0],
      [0, 0, 1],
    ]);
    const search = (vectorExtension: boolean, pathPrefix?: string) =>
      semanticSearch({ db: index.db, vectorExtension, vector: [1, 0.1, 0], limit: 3, pathPrefix });
    const inJavaScript = await search(false);
    expect(inJavaScript.map((entry) => entry.chunkId)).toEqual([1, 2, 3]);
    expect(inJavaScript[2]?.score).toBeCloseTo(0, 5);
    if (index.vectorExtension) {
      const inSqlite = await search(true);
      expect(inSqlite.map((entry) => entry.chunkId)).toEqual([1, 2, 3]);
      inSqlite.forEach((entry, position) => {
        expect(entry.score).toBeCloseTo(inJavaScript[position]?.score ?? Number.NaN, 5);
      });
    }
    expect((await search(false, 'b')).map((entry) => entry.chunkId)).toEqual([2, 3]);
    index.db.close();
  });
});
