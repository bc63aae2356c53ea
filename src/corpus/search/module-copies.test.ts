import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexDatabase } from '../database/index.js';
import { ensureCorpus } from '../open-corpus.js';
import { loadModuleCopies, moduleOf, moduleTail } from './module-copies.js';
import { rankChunks } from './rank-chunks.js';
import { loadRankingContext, type RankingContext } from './ranking-context.js';

/** A function of about `lines` lines whose comment says `line`, the rest neutral statements. */
function functionWith(name: string, line: string, lines = 12): string {
  const body = Array.from({ length: lines }, (_, index) => `  const value${index} = compute(${index});`);
  return `/** ${line} */\nexport function ${name}() {\n${body.join('\n')}\n}\n`;
}

const CHECK_FIELDS = [
  '/** Throws on a field of the wrong type, naming the field and the type it takes. */',
  'export function checkFields(input) {',
  '  for (const name in input) if (input[name] === null) throw new TypeError(name);',
  '  return input;',
  '}',
].join('\n');
const RETRY = [
  functionWith('retryDelay', 'How long a retry waits: the backoff doubles after each failed retry.'),
  functionWith('retryLimit', 'A retry past the last attempt ends the backoff and gives up.'),
].join('\n');

/**
 * A package shipped as its sources and two builds (`esm/`, `cjs/`): each module three times, with
 * no source map, so each copy is source code to the roles. The oracle: options are combined in
 * `load-config`, which holds the question's words and calls `checkFields`, defined in
 * `rules/check-fields` (one module, three copies), which the answer must cite too; retries are
 * decided in `policy/retry` (one module, three copies), and `notes/backoff.ts` is the other module
 * that speaks of them. `fixtures/web/router.ts` and `web/router.ts` share a tail and one name of
 * four: two modules. `policy/retry.d.ts` declares the module's types, not its functions.
 */
const FILES: Record<string, string> = {
  'src/config/load-config.ts': [
    "import { checkFields } from '../rules/check-fields.js';",
    '/** Combines the config file, environment variables and command-line flags into one options object. */',
    'export function loadConfig(file: object, environment: object, flags: object) {',
    '  return checkFields({ ...file, ...environment, ...flags });',
    '}',
  ].join('\n'),
  'src/rules/check-fields.ts': CHECK_FIELDS,
  'esm/rules/check-fields.js': CHECK_FIELDS,
  'cjs/rules/check-fields.js': `"use strict";\nconst util_1 = require("../util");\n${CHECK_FIELDS}`,
  'src/policy/retry.ts': RETRY,
  'esm/policy/retry.js': RETRY,
  'cjs/policy/retry.js': RETRY,
  'src/policy/retry.d.ts': 'export interface RetryOptions {\n  attempts: number;\n}\n',
  'src/notes/backoff.ts': functionWith('note', 'See the retry policy for the backoff of a retry.', 40),
  // The package's entry in each build: it defines nothing (the compiled one its require), so only
  // its place says it is one module.
  'src/index.ts':
    "export { loadConfig } from './config/load-config.js';\nexport { retryDelay } from './policy/retry.js';\n",
  'esm/index.js': "export { retryDelay } from './policy/retry.js';\n",
  'cjs/index.js':
    '"use strict";\nconst retry_1 = require("./policy/retry");\nexports.retryDelay = retry_1.retryDelay;\n',
  'fixtures/web/router.ts':
    'export interface Route {}\nexport function matchPath() {}\nexport function addRoute() {}\nexport class Router {}\n',
  'web/router.ts':
    'export interface Route {}\nexport function parseRoute() {}\nexport function pathOf() {}\nexport function useRoute() {}\n',
};

let folder: string;
let indexPath: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'module-copies-'));
  const root = join(folder, 'repo');
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  indexPath = join(folder, 'index.sqlite');
  (await ensureCorpus({ root, indexPath })).corpus.close();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Runs `use` on the index, its ranking context and each file's id by path. */
async function withIndex<T>(
  use: (options: {
    rank: (query: string, context?: RankingContext) => Promise<string[]>;
    context: RankingContext;
    idOf: (path: string) => number;
  }) => Promise<T>,
): Promise<T> {
  const index = openIndexDatabase(indexPath);
  try {
    const context = loadRankingContext(index.db);
    const pathOf = index.db.prepare(
      'SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?',
    );
    const idOf = (path: string) =>
      (index.db.prepare('SELECT id FROM files WHERE path = ?').get(path) as { id: number }).id;
    const rank = async (query: string, used = context) => {
      const ranked = await rankChunks({
        index,
        context: used,
        embedder: undefined,
        request: { query, mode: 'lexical', limit: 10 },
      });
      return [...new Set(ranked.map((entry) => (pathOf.get(entry.chunkId) as { path: string }).path))];
    };
    return await use({ rank, context, idOf });
  } finally {
    index.db.close();
  }
}

describe('moduleTail', () => {
  it('names a module by its folder and its file name without extensions, whatever build holds it', () => {
    expect(moduleTail('dist/esm/internal/operators/retry.js')).toBe('operators/retry');
    expect(moduleTail('src/internal/operators/retry.ts')).toBe('operators/retry');
    expect(moduleTail('dist/types/internal/operators/retry.d.ts')).toBe('operators/retry');
    expect(moduleTail('index.js')).toBeUndefined();
  });
});

describe('loadModuleCopies', () => {
  it('groups the builds of one module, and keeps apart a same-named module and a declaration file', async () => {
    await withIndex(async ({ context, idOf }) => {
      const module = (path: string) => moduleOf(context.copies, idOf(path));
      const checks = ['src/rules/check-fields.ts', 'esm/rules/check-fields.js', 'cjs/rules/check-fields.js'];
      expect(new Set(checks.map(module)).size).toBe(1);
      expect(module('esm/policy/retry.js')).toBe(module('src/policy/retry.ts'));
      expect(module('src/policy/retry.ts')).not.toBe(module('src/rules/check-fields.ts'));
      expect(module('src/policy/retry.d.ts')).not.toBe(module('src/policy/retry.ts'));
      expect(module('fixtures/web/router.ts')).not.toBe(module('web/router.ts'));
    });
  });

  it("groups a package's entry in each build with its source, by the builds' other copies", async () => {
    await withIndex(async ({ context, idOf }) => {
      const module = (path: string) => moduleOf(context.copies, idOf(path));
      expect(module('esm/index.js')).toBe(module('src/index.ts'));
      expect(module('cjs/index.js')).toBe(module('src/index.ts'));
      expect(module('src/index.ts')).not.toBe(module('src/policy/retry.ts'));
      // `fixtures/` and the root share one path (`web/router`) and no copy: they are not builds of one package.
      expect(module('fixtures/web/router.ts')).not.toBe(module('web/router.ts'));
    });
  });
});

describe('ranking with module copies', () => {
  it('follows a name whose only definers are copies of one module', async () => {
    await withIndex(async ({ rank, context }) => {
      const query =
        'How are the config file, environment variables and flags combined into one options object?';
      const apart = await rank(query, { ...context, copies: new Map() });
      expect(apart.filter((path) => path.includes('check-fields'))).toEqual([]);
      const files = await rank(query);
      expect(files[0]).toBe('src/config/load-config.ts');
      expect(files.some((path) => path.includes('check-fields'))).toBe(true);
    });
  });

  it('names a module once among the first files, before the other module that answers', async () => {
    await withIndex(async ({ rank, context }) => {
      const query = 'How long does a retry wait: what is the backoff?';
      const apart = await rank(query, { ...context, copies: new Map() });
      expect(apart.slice(0, 2).every((path) => path.includes('policy/retry'))).toBe(true);
      const files = await rank(query);
      expect(files[0]).toMatch(/policy\/retry\.[jt]s$/);
      expect(files[1]).toBe('src/notes/backoff.ts');
    });
  });
});

describe('loadModuleCopies over many files of one tail', () => {
  it("does not take a name most packages' entry files define for a sign of copies, and still finds copies among them", () => {
    const index = openIndexDatabase(':memory:');
    const file = index.db.prepare(
      `INSERT INTO files (id, path, kind, size, mtime_ms, hash, text, line_count, indexed_at)
       VALUES (?, ?, 'code', 1, 0, 'h', 'x', 1, '')`,
    );
    const define = index.db.prepare(
      `INSERT INTO definitions (file_id, name, qualified_name, kind, start_line, end_line, local)
       VALUES (?, ?, ?, 'function', 1, 1, 0)`,
    );
    // Forty packages, each entry file defining `main` alone; the last one also built to `dist/`.
    for (let id = 1; id <= 40; id++) {
      file.run(id, `packages/p${id}/src/index.ts`);
      define.run(id, 'main', 'main');
    }
    define.run(40, 'startP40', 'startP40');
    file.run(41, 'packages/p40/dist/src/index.js');
    for (const name of ['main', 'startP40']) define.run(41, name, name);
    const copies = loadModuleCopies(index.db);
    expect(moduleOf(copies, 1)).not.toBe(moduleOf(copies, 2));
    expect(moduleOf(copies, 41)).toBe(moduleOf(copies, 40));
    expect(new Set([...Array.from({ length: 39 }, (_, at) => moduleOf(copies, at + 1))]).size).toBe(39);
    index.db.close();
  });
});
