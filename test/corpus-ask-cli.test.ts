import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeResearcher } from '../src/testing/code-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { runCli } from './helpers/run-cli.js';

const QUESTION = 'How does the Router match request paths?';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let dataHome: string;
let llm: FakeLlmServer;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
  dataHome = await mkdtemp(join(tmpdir(), 'corpus-data-'));
  llm = await startFakeLlmServer({ script: codeResearcher() });
});
afterEach(async () => {
  await llm.close();
  await fixture.cleanup();
  await rm(dataHome, { recursive: true, force: true });
});

const ask = (extra: string[]) =>
  runCli(
    [
      QUESTION,
      '--model',
      'openai-compatible:fake',
      '--base-url',
      llm.url,
      '--corpus',
      fixture.root,
      ...extra,
    ],
    { env: { XDG_DATA_HOME: dataHome }, timeoutMs: 90_000 },
  );

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('deepresearch "question" --corpus <folder>', () => {
  it('answers a code question with verified path:lines citations (--json)', async () => {
    const run = await ask(['--json', '--no-direct-answer']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('completed');
    expect(result.references.length).toBeGreaterThan(0);
    for (const reference of result.references) {
      expect(Object.keys(reference).sort()).toEqual(
        ['contentHash', 'corpus', 'endLine', 'path', 'quote', 'startLine', 'title', 'url', 'verified'].sort(),
      );
      // The file as it was indexed when read: what a later check compares it with.
      expect(reference.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(reference.verified).toBe(true);
      const lines = (await readFile(join(fixture.root, reference.path), 'utf8')).split('\n');
      const cited = normalise(lines.slice(reference.startLine - 1, reference.endLine).join('\n'));
      for (const quote of reference.quote.split(' … ')) expect(cited).toContain(normalise(quote));
    }
    expect(result.claims.supported).toBe(result.claims.total);
  });

  it('prints path:start-end for file references', async () => {
    const run = await ask(['--quiet', '--no-direct-answer']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1\. `src\/router\.ts:\d+-\d+`/m);
    expect(run.stdout).not.toContain('quote not verified');
  });

  it('says clearly when the corpus folder does not exist', async () => {
    const run = await runCli(
      [
        QUESTION,
        '--model',
        'openai-compatible:fake',
        '--base-url',
        llm.url,
        '--corpus',
        join(dataHome, 'nope'),
      ],
      { env: { XDG_DATA_HOME: dataHome } },
    );
    expect(run.stderr + run.stdout).toMatch(/No folder at .*nope/);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
