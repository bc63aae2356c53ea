import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../llm/index.js';
import { RANKING_WEIGHTS } from '../constants.js';
import { type IndexDatabase, openIndexDatabase, writeMeta } from '../database/index.js';
import { PostingsWriter } from '../database/postings.js';
import { ensureCorpus } from '../open-corpus.js';
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

/**
 * The oracle: `load-config.ts` holds the question's words and calls `checkFields`, which
 * `check-fields.ts` defines and the answer must cite too; it holds none of the words, so the first
 * search puts the files that do (`environment.ts`, `config-file.ts`…) before it, and its name is
 * searched again.
 */
const COLLABORATORS: Record<string, string> = {
  'src/config/load-config.ts': [
    "import { checkFields } from '../rules/check-fields.js';",
    '/** Combines the config file, environment variables and command-line flags into one options object. */',
    'export function loadConfig(file: object, environment: object, flags: object) {',
    '  return checkFields({ ...file, ...environment, ...flags });',
    '}',
  ].join('\n'),
  'src/rules/check-fields.ts':
    'export function checkFields(input: Record<string, unknown>) {\n  return input;\n}\n',
  'src/cli/flags.ts':
    '/** Reads command-line flags. */\nexport function readFlags(argv: string[]) {\n  return argv;\n}\n',
  'src/config/environment.ts':
    '/** Reads environment variables into options. */\nexport function readEnvironment() {\n  return {};\n}\n',
  'src/config/config-file.ts':
    '/** Reads the config file into an options object. */\nexport function readConfigFile() {\n  return {};\n}\n',
  'src/config/options.ts':
    '/** The options object, combined. */\nexport interface Options {\n  flags: string[];\n}\n',
};

/** Writes `COLLABORATORS` into `<folder>/repo` and returns that folder. */
async function writeCollaborators(folder: string): Promise<string> {
  const root = join(folder, 'repo');
  for (const [path, text] of Object.entries(COLLABORATORS)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('rankChunks, hybrid with name feedback', () => {
  it('embeds the query and searches the vectors once, though it searches the terms twice', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rank-chunks-'));
    try {
      const root = await writeCollaborators(folder);
      const query =
        'How are the config file, environment variables and flags combined into one options object?';
      const queried: string[] = [];
      // A counting fake: a passage's vector from its length, so neighbours differ; records each query.
      const counting: Embedder = {
        id: 'fake:counting',
        embed: async (values) => {
          if (values.length === 1 && values[0] === query) queried.push(query);
          return values.map((value) => [1, (value.length % 13) / 13, 0.5]);
        },
      };
      const indexPath = join(folder, 'index.sqlite');
      (await ensureCorpus({ root, indexPath, embedder: counting })).corpus.close();
      const index = openIndexDatabase(indexPath);
      let vectorSearches = 0;
      const db = new Proxy(index.db, {
        get(target, property) {
          if (property !== 'prepare') return Reflect.get(target, property, target);
          return (sql: string) => {
            if (/FROM embeddings/.test(sql)) vectorSearches += 1;
            return target.prepare(sql);
          };
        },
      });
      const ranked = await rankChunks({
        index: { ...index, db },
        context: loadRankingContext(index.db),
        embedder: counting,
        request: { query, mode: 'hybrid', limit: 10 },
      });
      const pathOf = index.db.prepare(
        'SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?',
      );
      const files = ranked.map((entry) => (pathOf.get(entry.chunkId) as { path: string }).path);
      // The name fed back is searched (a second lexical search), the vectors are not.
      expect(files[0]).toBe('src/config/load-config.ts');
      expect(files).toContain('src/rules/check-fields.ts');
      expect(queried).toHaveLength(1);
      expect(vectorSearches).toBe(1);
      index.db.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('rankChunks, file names', () => {
  it('orders the page after the first files by their names, never the first files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rank-chunks-'));
    try {
      const root = await writeCollaborators(folder);
      const indexPath = join(folder, 'index.sqlite');
      (await ensureCorpus({ root, indexPath })).corpus.close();
      const index = openIndexDatabase(indexPath);
      const pathOf = index.db.prepare(
        'SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?',
      );
      const rank = async (fileName: number) => {
        const ranked = await rankChunks({
          index,
          context: loadRankingContext(index.db),
          embedder: undefined,
          request: {
            query:
              'How are the config file, environment variables and flags combined into one options object?',
            mode: 'lexical',
            limit: 10,
          },
          weights: { ...RANKING_WEIGHTS, fileName },
        });
        return [...new Set(ranked.map((entry) => (pathOf.get(entry.chunkId) as { path: string }).path))];
      };
      const [without, named] = [await rank(0), await rank(4)];
      // The first files are the words' choice: `config-file.ts` and `options.ts`, named after the
      // question, do not pass `load-config.ts`.
      expect(named.slice(0, 3)).toEqual(without.slice(0, 3));
      expect(named[0]).toBe('src/config/load-config.ts');
      // After them, `flags.ts`, named after a word of the question, passes `check-fields.ts`.
      const isBefore = (list: string[], a: string, b: string) => list.indexOf(a) < list.indexOf(b);
      expect(isBefore(without, 'src/rules/check-fields.ts', 'src/cli/flags.ts')).toBe(true);
      expect(isBefore(named, 'src/cli/flags.ts', 'src/rules/check-fields.ts')).toBe(true);
      index.db.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
