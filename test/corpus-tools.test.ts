import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Corpus, ensureCorpus } from '../src/corpus/index.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let corpus: Corpus;

beforeAll(async () => {
  fixture = await copyCorpusFixture();
  await writeFile(join(fixture.root, '.gitignore'), '.env\n');
  await writeFile(join(fixture.root, '.env'), 'SECRET=1\n');
  await symlink('/etc/hostname', join(fixture.root, 'escape.txt'));
  ({ corpus } = await ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath }));
});
afterAll(async () => {
  corpus.close();
  await fixture.cleanup();
});

const where = (entries: Array<{ path: string; startLine?: number; line?: number }>) =>
  entries.map((entry) => `${entry.path}:${entry.startLine ?? entry.line}`);

describe('symbols', () => {
  it('finds definitions with their line ranges in TypeScript, TSX, JavaScript, Python and Go', () => {
    const definition = (name: string) => corpus.resolveSymbol({ name, kind: 'definition' }).definitions;
    expect(definition('Router')).toMatchObject([
      { path: 'src/router.ts', kind: 'class', startLine: 22, endLine: 36 },
    ]);
    expect(definition('Router.handle')).toMatchObject([{ kind: 'method', startLine: 29, endLine: 35 }]);
    expect(definition('ButtonView')).toMatchObject([
      { path: 'src/components/button-view.tsx', startLine: 4 },
    ]);
    expect(definition('greet')).toMatchObject([
      { path: 'src/util/greet.js', kind: 'function', startLine: 4, endLine: 6 },
    ]);
    expect(definition('Store.total_price')).toMatchObject([
      { path: 'py/inventory/store.py', kind: 'method', startLine: 15 },
    ]);
    expect(definition('compute_tax')[0]?.signature).toBe('def compute_tax(price):');
    expect(definition('Cache.evict')).toMatchObject([
      { path: 'go/cache/cache.go', kind: 'method', startLine: 25, endLine: 29 },
    ]);
    expect(definition('Cache')).toMatchObject([{ kind: 'class', startLine: 5, endLine: 9 }]);
  });

  it('lists references, callers and callees across files', () => {
    const references = corpus.resolveSymbol({ name: 'formatLabel', kind: 'references' }).references;
    expect(where(references)).toEqual(
      expect.arrayContaining(['src/components/button-view.tsx:5', 'src/util/greet.js:5']),
    );
    const callers = (name: string) =>
      corpus.resolveSymbol({ name, kind: 'callers' }).edges.map((edge) => edge.symbol);
    expect(callers('formatLabel').sort()).toEqual(['ButtonView', 'greet']);
    expect(callers('compute_tax')).toEqual(['Store.total_price']);
    expect(callers('NewCache')).toEqual(['main']);
    expect(callers('evict')).toEqual(['Cache.Set']);
    expect(callers('matchPath')).toEqual(['Router.handle']);
    const callees = corpus.resolveSymbol({ name: 'Router.handle', kind: 'callees' });
    expect(callees.edges.map((edge) => edge.symbol)).toEqual(
      expect.arrayContaining(['matchPath', 'handler']),
    );
    const matchPath = callees.edges.find((edge) => edge.symbol === 'matchPath');
    expect(matchPath?.definitions).toMatchObject([{ path: 'src/router.ts', startLine: 8 }]);
    expect(matchPath?.calls).toMatchObject([{ path: 'src/router.ts', line: 31 }]);
    expect(
      corpus.resolveSymbol({ name: 'Cache.Set', kind: 'callees' }).edges.map((edge) => edge.symbol),
    ).toContain('evict');
  });

  it('maps the repository: most referenced files first, with their main symbols, within the budget', () => {
    const map = corpus.readMap({ tokenBudget: 2000 });
    const order = map.files.map((file) => file.path);
    expect(order.indexOf('src/router.ts')).toBeLessThan(order.indexOf('src/server.ts'));
    expect(order.indexOf('go/cache/cache.go')).toBeLessThan(order.indexOf('go/main.go'));
    expect(map.text).toContain('src/router.ts\n');
    expect(map.text).toMatch(/ {2}22: export class Router \{/);
    const small = corpus.readMap({ tokenBudget: 40 });
    expect(small.tokens).toBeLessThanOrEqual(40);
    expect(small.files.length).toBeLessThan(map.files.length);
    const python = corpus.readMap({ path: 'py', tokenBudget: 2000 });
    expect(python.files.map((file) => file.path).sort()).toEqual([
      'py/inventory/store.py',
      'py/inventory/tax.py',
    ]);
  });
});

describe('readFile', () => {
  it('returns lines with the content hash that search results carry', async () => {
    const excerpt = await corpus.readFile({ path: 'py/inventory/tax.py', startLine: 6, endLine: 8 });
    expect(excerpt).toMatchObject({ startLine: 6, endLine: 8, totalLines: 8, language: 'python' });
    expect(excerpt.text).toBe(
      'def compute_tax(price):\n    """Tax due on a price."""\n    return price * TAX_RATE',
    );
    const [hit] = await corpus.searchCorpus({
      query: 'compute_tax',
      mode: 'lexical',
      pathPrefix: 'py/inventory/tax.py',
    });
    expect(hit?.contentHash).toBe(excerpt.contentHash);
  });

  it('stays inside the corpus: no "..", no absolute paths, no links out, no ignored files', async () => {
    const code = (path: string) =>
      corpus.readFile({ path }).then(
        () => 'read',
        (error) => error.code,
      );
    expect(await code('../repo/src/router.ts')).toBe('path_outside_corpus');
    expect(await code('src/../../index.sqlite')).toBe('path_outside_corpus');
    expect(await code(join(fixture.root, 'src/router.ts'))).toBe('path_outside_corpus');
    expect(await code('escape.txt')).toBe('path_outside_corpus');
    expect(await code('.env')).toBe('file_not_found');
    expect(await code('src/missing.ts')).toBe('file_not_found');
    expect(await code('./src/router.ts')).toBe('read');
  });

  it('serves a file edited since indexing as it is now', async () => {
    await writeFile(join(fixture.root, 'docs/guide.md'), '# Guide\n\nRewritten today.\n');
    const excerpt = await corpus.readFile({ path: 'docs/guide.md' });
    expect(excerpt.text).toBe('# Guide\n\nRewritten today.');
  });
});

describe('verifyFileQuote', () => {
  it('checks a quote against the cited lines of the file as indexed', async () => {
    const { contentHash } = await corpus.readFile({ path: 'go/cache/cache.go' });
    const verify = (quote: string, startLine: number, endLine: number, hash = contentHash) =>
      corpus.verifyFileQuote({ path: 'go/cache/cache.go', startLine, endLine, quote, contentHash: hash });
    expect(verify('evicting the  oldest key\nwhen the cache is full', 16, 23)).toEqual({
      verified: true,
      reason: 'found',
      foundAt: { startLine: 16, endLine: 23 },
    });
    expect(verify('“Cache maps keys to values”', 1, 3)).toEqual({
      verified: false,
      reason: 'not_in_lines',
      foundAt: { startLine: 4, endLine: 4 },
    });
    expect(verify('evicts the newest key', 1, 29)).toMatchObject({ verified: false, reason: 'not_found' });
    expect(verify('Cache maps', 4, 4, 'f'.repeat(64))).toMatchObject({ reason: 'unknown_version' });

    await writeFile(join(fixture.root, 'go/cache/cache.go'), 'package cache\n');
    await corpus.update();
    // The citation was made against the earlier version, which the index keeps.
    expect(verify('Cache maps keys to values', 4, 4)).toMatchObject({ verified: true });
  });
});
