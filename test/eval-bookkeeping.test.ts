import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalResearcher } from '../src/testing/eval-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

// Evaluations keep their books straight: a resume continues the same evaluation or refuses,
// naming what differs; a comparison of folders without a common question says there is nothing
// to compare.

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/eval/${name}`, import.meta.url));
const hotpot = fixture('hotpotqa-10.json');
const generic = fixture('generic.jsonl');
const directory = mkdtempSync(join(tmpdir(), 'deepresearch-eval-books-'));
const db = join(directory, 'runs.db');
let model: FakeLlmServer;

beforeAll(async () => {
  model = await startFakeLlmServer({ script: evalResearcher({ answers: {} }) });
});
afterAll(async () => {
  await model.close();
  rmSync(directory, { recursive: true, force: true });
});

const evaluate = (args: string[]) =>
  runCli(
    ['eval', ...args, '--model', 'openai-compatible:fake', '--base-url', model.url, '--db', db, '--quiet'],
    { timeoutMs: 90_000 },
  );

describe('deepresearch eval --resume', () => {
  const out = join(directory, 'first');
  let results = '';
  let setup = '';

  beforeAll(async () => {
    const first = await evaluate([hotpot, '--limit', '2', '--out', out]);
    expect(first.code, first.stderr).toBe(0);
    results = readFileSync(join(out, 'results.jsonl'), 'utf8');
    setup = readFileSync(join(out, 'eval.json'), 'utf8');
  }, 100_000);

  it('refuses another dataset, naming both, and leaves the folder as it was', async () => {
    const run = await evaluate([generic, '--out', out, '--resume']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('holds another evaluation');
    expect(run.stderr).toContain('the dataset (hotpotqa-10.json then, generic.jsonl now)');
    expect(run.stderr).toContain('choose another --out folder');
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
    expect(readFileSync(join(out, 'eval.json'), 'utf8')).toBe(setup);
  }, 100_000);

  it('refuses other questions or options, naming each', async () => {
    const sample = await evaluate([hotpot, '--limit', '3', '--out', out, '--resume']);
    expect(sample.code).toBe(1);
    expect(sample.stderr).toContain(
      'the questions chosen by --ids, --sample, --seed or --limit (2 then, 3 now)',
    );
    const options = await evaluate([hotpot, '--limit', '2', '--max-steps', '3', '--out', out, '--resume']);
    expect(options.code).toBe(1);
    expect(options.stderr).toMatch(/--max-steps \(\d+ then, 3 now\)/);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
  }, 100_000);

  it('resumes the same evaluation, even with the model at another address', async () => {
    const moved = await startFakeLlmServer({ script: evalResearcher({ answers: {} }) });
    try {
      const run = await runCli(
        [
          'eval',
          hotpot,
          '--limit',
          '2',
          '--out',
          out,
          '--resume',
          '--db',
          db,
          '--quiet',
          '--model',
          'openai-compatible:fake',
          '--base-url',
          moved.url,
        ],
        { timeoutMs: 90_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
      expect(moved.requests).toHaveLength(0);
    } finally {
      await moved.close();
    }
  }, 200_000);
});

describe('deepresearch eval compare', () => {
  it('says there is nothing to compare when the folders share no question (exit 1)', async () => {
    const a = join(directory, 'compare-a');
    const b = join(directory, 'compare-b');
    expect((await evaluate([hotpot, '--limit', '1', '--out', a])).code).toBe(0);
    expect((await evaluate([generic, '--limit', '1', '--out', b])).code).toBe(0);
    const run = await runCli(['eval', 'compare', a, b]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /Nothing to compare: .*compare-a \(1 result\) and .*compare-b \(1 result\) have no question in common/,
    );
    expect(run.stderr).not.toContain('$0.0000');
  }, 200_000);
});

describe('deepresearch eval score', () => {
  it('counts in words that agree with the numbers ("1 prediction … ignored")', async () => {
    const predictions = join(directory, 'one.jsonl');
    writeFileSync(predictions, `${JSON.stringify({ id: 'not-in-set', answer: 'x' })}\n`);
    const run = await runCli(['eval', 'score', '--dataset', hotpot, '--predictions', predictions]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 prediction for unknown ids ignored');
  });
});
