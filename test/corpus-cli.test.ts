import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from '../src/testing/index.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { runCli } from './helpers/run-cli.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let server: FakeEmbeddingsServer | undefined;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fixture.cleanup();
});

/** `deepresearch search <args> --corpus <copy> --index <file>`. */
const search = (args: string[]) =>
  runCli(['search', ...args, '--corpus', fixture.root, '--index', fixture.indexPath]);

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('deepresearch index and search', () => {
  it('indexes a folder, then reports nothing new on a second run', async () => {
    const first = await runCli(['index', fixture.root, '--index', fixture.indexPath]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/12 files, \d+ chunks, \d+ symbols in [\d.]+ s\./);
    expect(first.stdout).toContain('12 read, 0 removed');
    const second = await runCli(['index', fixture.root, '--index', fixture.indexPath]);
    expect(second.stdout).toContain('0 read, 0 removed');
  });

  it.skipIf(process.platform !== 'linux')(
    'warns of a file whose name is not UTF-8, naming it, and indexes the rest',
    async () => {
      // Linux keeps a name's bytes as written; Node reads the bad byte as U+FFFD and the name read no
      // longer opens the file.
      const name = Buffer.concat([Buffer.from('ferry-'), Buffer.from([0xff]), Buffer.from('.md')]);
      await writeFile(Buffer.concat([Buffer.from(`${fixture.root}/`), name]), '# Ferry\n');
      const run = await runCli(['index', fixture.root, '--index', fixture.indexPath]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(
        'warning: Skipped ferry-\uFFFD.md: its name is not valid UTF-8, so it cannot be opened by the name read for it; rename the file to index it.',
      );
      expect(run.stdout).toMatch(/12 files, \d+ chunks/);
    },
  );

  it('prints JSON lines with paths relative to the corpus root, best first', async () => {
    const run = await search(['cache evicts the oldest key', '--json', '--limit', '3']);
    expect(run.code, run.stderr).toBe(0);
    const hits = jsonLines(run.stdout);
    expect(hits).toHaveLength(3);
    expect(hits[0]).toEqual({
      path: 'go/cache/cache.go',
      startLine: expect.any(Number),
      endLine: expect.any(Number),
      score: expect.any(Number),
      text: expect.stringContaining('evict'),
      symbol: expect.any(String),
      matchLines: expect.any(Array),
      snippet: expect.stringMatching(/^\d+: /),
    });
    const guide = hits.find((hit) => hit.path === 'docs/guide.md');
    expect(guide === undefined || !('symbol' in guide)).toBe(true);
    // Each file's best passage comes first: three hits, three files, the best one on top.
    expect(new Set(hits.map((hit) => hit.path)).size).toBe(3);
    expect(hits[0].score).toBe(Math.max(...hits.map((hit) => hit.score)));
  });

  it('answers a file of queries in one process, one { id, hits } line each', async () => {
    const queries = join(fixture.root, '..', 'queries.jsonl');
    await writeFile(
      queries,
      '{"id": "q1", "query": "compute tax on a price"}\n\n{"id": 2, "query": "route handler matchPath"}\n',
    );
    const run = await search(['--queries', queries, '--mode', 'lexical', '--limit', '2', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines.map((line) => line.id)).toEqual(['q1', 2]);
    expect(lines[0].hits[0].path).toBe('py/inventory/tax.py');
    expect(lines[1].hits[0].path).toBe('src/router.ts');
    expect(lines[1].hits).toHaveLength(2);

    await writeFile(queries, '{"id": "q1", "text": "no query field"}\n');
    const bad = await search(['--queries', queries]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Line 1 of');
  });

  it('says semantic search needs --embed-model, and rejects an unknown mode', async () => {
    const run = await search(['cache', '--mode', 'semantic']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--mode semantic needs an embedding model: pass --embed-model');
    const mode = await runCli(['search', 'cache', '--corpus', fixture.root, '--mode', 'fuzzy']);
    expect(mode.stderr).toContain(
      'Invalid value for --mode: must be one of lexical, semantic, hybrid, got "fuzzy".',
    );
  });

  it('embeds chunks through an OpenAI-compatible /v1/embeddings server and searches by meaning', async () => {
    server = await startFakeEmbeddingsServer();
    const embed = ['--embed-model', 'openai-compatible:fake-embed', '--embed-base-url', server.url];
    const indexed = await runCli(['index', fixture.root, '--index', fixture.indexPath, ...embed]);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(indexed.stdout).toMatch(/\d+ chunks embedded/);
    expect(server.requests[0]?.model).toBe('fake-embed');
    const embeddedTexts = server.requests.flatMap((request) => request.input ?? []);
    expect(embeddedTexts.some((text) => text.startsWith('go/cache/cache.go'))).toBe(true);

    // No --embed-model now: the index remembers its model and server; only the query is embedded.
    const before = server.requests.length;
    const run = await search(['sales tax price', '--mode', 'semantic', '--json', '--limit', '2']);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests.slice(before).map((request) => request.input)).toEqual([['sales tax price']]);
    const paths = jsonLines(run.stdout).map((hit) => hit.path);
    expect(paths.some((path) => path.startsWith('py/inventory/') || path === 'docs/page.html')).toBe(true);
  });
});
