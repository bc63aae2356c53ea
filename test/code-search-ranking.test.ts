/**
 * Code-aware ranking through the real CLI. The fixture's oracle: `src/router/match-route.ts`
 * defines `matchRoute`, so it answers "how does matchRoute pick a route"; its test, the compiled
 * copy in `dist/` (it points at its source map), the docs page and a caller all mention the same
 * words, most of them more often. And an index written by the previous format is rebuilt, saying so.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const SOURCE = `import type { Route } from './route.js';

/** Picks the route whose pattern matches the path: the first one, in the order they were added. */
export function matchRoute(path: string, routes: readonly Route[]): Route | undefined {
  return routes.find((route) => route.pattern.test(path));
}
`;

const words = 'matchRoute picks the route for a path; the route pattern matches the path.';

const FILES: Record<string, string> = {
  'src/router/match-route.ts': SOURCE,
  'src/router/route.ts': 'export interface Route {\n  pattern: RegExp;\n  name: string;\n}\n',
  'src/router/match-route.test.ts': `import { matchRoute } from './match-route.js';
${Array.from({ length: 6 }, (_, index) => `it('matchRoute picks the route for path ${index}', () => {\n  // ${words}\n  expect(matchRoute('/a/${index}', routes)?.name).toBe('route ${index}');\n});`).join('\n')}
`,
  'dist/router/match-route.js': `export function matchRoute(path, routes) {\n  // ${words}\n  return routes.find((route) => route.pattern.test(path));\n}\n//# sourceMappingURL=match-route.js.map\n`,
  'docs/routing.md': `# Routing\n\nRoutes are tried in the order they were added: ${words}\n`,
  'src/server.ts': `import { matchRoute } from './router/match-route.js';\n\nexport function handle(path: string) {\n  // ${words}\n  return matchRoute(path, []);\n}\n`,
};

let root: string;
let base: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'code-ranking-'));
  root = join(base, 'repo');
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  root = await realpath(root);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const search = async (query: string, indexPath: string) => {
  const run = await runCli([
    'search',
    query,
    '--corpus',
    root,
    '--index',
    indexPath,
    '--json',
    '--limit',
    '5',
  ]);
  expect(run.stderr).not.toMatch(/error/i);
  return {
    run,
    hits: run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { path: string; symbol?: string }),
  };
};

describe('code-aware ranking', () => {
  it("ranks the named symbol's definition in source over its test, compiled copy, docs and callers", async () => {
    const { hits } = await search('How does matchRoute pick the route for a path?', join(base, 'a.sqlite'));
    expect(hits[0]).toMatchObject({ path: 'src/router/match-route.ts', symbol: 'matchRoute' });
    // A question that asks for the tests gets them.
    const tests = await search('Which tests check how matchRoute picks the route?', join(base, 'a.sqlite'));
    expect(tests.hits[0]?.path).toBe('src/router/match-route.test.ts');
  });

  it('rebuilds an index written by the previous format, and says so', async () => {
    const indexPath = join(base, 'old.sqlite');
    const old = new Database(indexPath);
    old.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta (key, value) VALUES ('format', '1');
      CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, kind TEXT NOT NULL);
      CREATE VIRTUAL TABLE chunk_text USING fts5(path, title, body, content='', contentless_delete=1);
      CREATE VIRTUAL TABLE chunk_terms USING fts5vocab(chunk_text, 'instance');`);
    old.close();
    const { run, hits } = await search('How does matchRoute pick the route for a path?', indexPath);
    expect(run.stderr).toContain('index format 1');
    expect(run.stderr).toContain('every file was read again');
    expect(hits[0]?.path).toBe('src/router/match-route.ts');
    // Once rebuilt, it is not rebuilt again.
    const again = await search('matchRoute', indexPath);
    expect(again.run.stderr).not.toContain('read again');
  });
});
