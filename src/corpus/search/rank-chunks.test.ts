import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../llm/index.js';
import { type IndexDatabase, openIndexDatabase, writeMeta } from '../database/index.js';
import { PostingsWriter } from '../database/postings.js';
import { rankChunks } from './rank-chunks.js';
import { loadRankingContext } from './ranking-context.js';

/** Two files with one passage each, the same vector, one source and one test. */
function twins(): IndexDatabase {
  const index = openIndexDatabase(':memory:');
  const insertFile = index.db.prepare(
    `INSERT INTO files (id, path, kind, role, size, mtime_ms, hash, text, line_count, indexed_at)
     VALUES (?, ?, 'code', ?, 1, 0, 'h', 'x', 1, '')`,
  );
  insertFile.run(1, 'test/router.test.ts', 'test');
  insertFile.run(2, 'src/router.ts', 'source');
  for (const id of [1, 2]) {
    index.db
      .prepare(
        'INSERT INTO chunks (id, file_id, start_line, end_line, path_length, title_length, body_length) VALUES (?, ?, 1, 1, 1, 0, 1)',
      )
      .run(id, id);
    index.db
      .prepare('INSERT INTO embeddings (chunk_id, vector) VALUES (?, ?)')
      .run(id, Buffer.from(new Float32Array([1, 0, 0]).buffer));
  }
  const postings = new PostingsWriter(index.db);
  postings.add({ chunkId: 1, fileId: 1, lengths: [2, 0, 3], terms: new Map([['rout', [1, 0, 2]]]) });
  postings.add({ chunkId: 2, fileId: 2, lengths: [1, 0, 3], terms: new Map([['rout', [1, 0, 1]]]) });
  postings.flush();
  writeMeta(index.db, 'embed_model', 'fake:model');
  return index;
}

const embedder: Embedder = { id: 'fake:model', embed: async (values) => values.map(() => [1, 0, 0]) };

describe('rankChunks', () => {
  it('weighs semantic neighbours by their priors: of two equally near passages, the source one first', async () => {
    const index = twins();
    const ranked = await rankChunks({
      index,
      context: loadRankingContext(index.db),
      embedder,
      request: { query: 'route matching', mode: 'semantic', limit: 2 },
    });
    expect(ranked.map((entry) => entry.chunkId)).toEqual([2, 1]);
    index.db.close();
  });

  it('ranks hybrid as lexical when there is no embedding model', async () => {
    const index = twins();
    const rank = (mode: 'lexical' | 'hybrid') =>
      rankChunks({
        index,
        context: loadRankingContext(index.db),
        embedder: undefined,
        request: { query: 'route matching', mode, limit: 2 },
      });
    const lexical = await rank('lexical');
    expect(lexical.map((entry) => entry.chunkId)).toEqual([2, 1]);
    expect(await rank('hybrid')).toEqual(lexical);
    index.db.close();
  });
});
