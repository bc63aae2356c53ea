import { existsSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Corpus, ensureCorpus, openCorpus } from '../src/corpus/index.js';
import { buildMinimalPdf, startFakeEmbeddingsServer } from '../src/testing/index.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let corpus: Corpus | undefined;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
});
afterEach(async () => {
  corpus?.close();
  corpus = undefined;
  await fixture.cleanup();
});

async function index(options: { maxTextBytes?: number } = {}) {
  corpus?.close();
  const result = await ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath, ...options });
  corpus = result.corpus;
  return result.summary;
}

const paths = async (query: string) =>
  (await corpus!.searchCorpus({ query, mode: 'lexical', limit: 50 })).map((hit) => hit.path);

describe('corpus index', () => {
  it('indexes code, prose and HTML with symbols, then re-reads only what changed', async () => {
    const first = await index();
    expect(first.files).toBe(12);
    expect(first.changed).toBe(12);
    expect(first.symbols).toBeGreaterThan(15);
    expect(first.chunks).toBeGreaterThanOrEqual(first.files);
    // The HTML page went through the reader: its text is searchable, its markup is not.
    expect(await paths('smallest currency unit')).toContain('docs/page.html');
    expect(await paths('article')).not.toContain('docs/page.html');

    const unchanged = await index();
    expect(unchanged).toMatchObject({ files: 12, changed: 0, removed: 0 });

    await writeFile(
      join(fixture.root, 'src/server.ts'),
      'export const greeting = "bonjour from the edited server";\n',
    );
    await rm(join(fixture.root, 'go/main.go'));
    const second = await index();
    expect(second).toMatchObject({ files: 11, changed: 1, removed: 1 });
    expect(await paths('bonjour')).toEqual(['src/server.ts']);
    const stale = await corpus!.searchCorpus({ query: 'createServer', mode: 'lexical' });
    expect(stale.some((hit) => hit.text.includes('createServer'))).toBe(false);
    expect(corpus!.resolveSymbol({ name: 'main', kind: 'definition' }).definitions).toEqual([]);
  });

  it('leaves out ignored, binary, oversized and linked-out files', async () => {
    await writeFile(join(fixture.root, '.gitignore'), 'build/\n*.log\n');
    await mkdir(join(fixture.root, 'build'));
    await writeFile(join(fixture.root, 'build/out.js'), 'export const bundled = "zebra";\n');
    await writeFile(join(fixture.root, 'debug.log'), 'zebra in a log\n');
    await mkdir(join(fixture.root, 'notes'));
    await writeFile(join(fixture.root, 'notes/.gitignore'), 'draft-*.md\n!draft-kept.md\n');
    await writeFile(join(fixture.root, 'notes/draft-secret.md'), 'zebra draft\n');
    await writeFile(join(fixture.root, 'notes/draft-kept.md'), 'zebra kept draft\n');
    await writeFile(
      join(fixture.root, 'notes/data.bin'),
      Buffer.from([0x7a, 0x65, 0x62, 0x72, 0x61, 0, 1, 2]),
    );
    await writeFile(join(fixture.root, 'notes/big.txt'), `zebra ${'x'.repeat(5000)}\n`);
    const outside = await copyCorpusFixture();
    try {
      await writeFile(join(outside.root, 'outside.md'), 'zebra outside the corpus\n');
      await symlink(join(outside.root, 'outside.md'), join(fixture.root, 'notes/link.md'));
      const summary = await index({ maxTextBytes: 4096 });
      expect(await paths('zebra')).toEqual(['notes/draft-kept.md']);
      expect(summary.skippedFiles).toEqual(
        expect.arrayContaining([
          { path: 'notes/data.bin', reason: 'binary' },
          { path: 'notes/big.txt', reason: 'too_large' },
        ]),
      );
    } finally {
      await outside.cleanup();
    }
  });

  it('reads PDFs through the reader, and keeps text search working when the embedding server is gone', async () => {
    await writeFile(
      join(fixture.root, 'docs/report.pdf'),
      buildMinimalPdf({ pages: ['Quarterly inventory shrinkage report'] }),
    );
    const server = await startFakeEmbeddingsServer();
    const embedding = { embedModel: 'openai-compatible:fake', embedBaseURL: server.url };
    let result = await ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath, ...embedding });
    expect(result.summary.embedded).toBe(result.summary.chunks);
    result.corpus.close();
    await server.close();
    await writeFile(join(fixture.root, 'docs/new.md'), '# New\n\nShrinkage again.\n');
    // The model is only remembered now: its server being down is a warning, not a failure.
    result = await ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath });
    corpus = result.corpus;
    expect(result.summary.changed).toBe(1);
    expect(result.summary.warnings[0]).toMatch(/^Vectors of new passages were not computed/);
    expect((await paths('shrinkage')).sort()).toEqual(['docs/new.md', 'docs/report.pdf']);
    await expect(corpus.searchCorpus({ query: 'shrinkage', mode: 'semantic' })).rejects.toThrow();
    // Asked for explicitly, the same failure stops the run.
    await writeFile(join(fixture.root, 'docs/newer.md'), 'More.\n');
    await expect(
      ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath, ...embedding }),
    ).rejects.toThrow();
  });

  it('keeps what it read when aborted, and shares one update between concurrent callers', async () => {
    // A signal that turns aborted at its sixth look: after five files, whatever the machine's speed.
    const controller = new AbortController();
    let looks = 0;
    const signal = new Proxy(controller.signal, {
      get(target, key) {
        if (key === 'aborted' && ++looks === 6) controller.abort();
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const opened = await openCorpus({ root: fixture.root, indexPath: fixture.indexPath });
    corpus = opened;
    const aborted = opened.update({ signal });
    expect(opened.update()).toBe(aborted);
    await expect(aborted).rejects.toThrow();
    const after = await opened.update();
    expect(after).toMatchObject({ files: 12, changed: 7 });
  });

  it('shows a new index only once it is whole: a build that fails leaves no half index behind', async () => {
    const opened = await openCorpus({ root: fixture.root, indexPath: fixture.indexPath });
    corpus = opened;
    const building = `${fixture.indexPath}.building`;
    // What a crashed build leaves: deleted by the next build, never read.
    await writeFile(building, 'left by a crash');
    // The last progress report comes once every file is read and written: a failure there (a full
    // disk, say) is a failure after all the work but before the index is complete.
    const failing = opened.update({
      onProgress: (progress) => {
        if (progress.phase === 'read' && progress.path === undefined) throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(existsSync(building)).toBe(false);
    expect(await paths('smallest currency unit')).toEqual([]);
    expect(await opened.update()).toMatchObject({ files: 12, changed: 12 });
    expect(await paths('smallest currency unit')).toContain('docs/page.html');
    expect(existsSync(building)).toBe(false);
  });

  it('refuses an index file that belongs to another folder', async () => {
    await index();
    const other = await copyCorpusFixture();
    try {
      await expect(ensureCorpus({ root: other.root, indexPath: fixture.indexPath })).rejects.toMatchObject({
        code: 'index_mismatch',
      });
    } finally {
      await other.cleanup();
    }
  });
});
