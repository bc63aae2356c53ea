import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { runCli } from './run-cli.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/eval/hotpotqa-10.json', import.meta.url));

async function cli(argv: string[]): Promise<{ code?: number; error?: unknown; stdout: string }> {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk) => {
    text += chunk;
  });
  const io = {
    argv,
    env: {},
    cwd: process.cwd(),
    stdout,
    stderr: new PassThrough(),
    signal: new AbortController().signal,
  };
  try {
    const code = await runCli(io);
    return { code, stdout: text };
  } catch (error) {
    return { error, stdout: text };
  }
}

describe('deepresearch eval flags', () => {
  it.each([
    [['eval'], 'Usage: deepresearch eval DATASET [options]'],
    [['eval', 'a.json', 'b.json'], 'Usage: deepresearch eval DATASET [options]'],
    [
      ['eval', 'score', '--dataset', fixture],
      'Usage: deepresearch eval score --dataset FILE --predictions FILE.jsonl [--json].',
    ],
    [
      ['eval', 'compare', 'only-one'],
      'Usage: deepresearch eval compare FOLDER_A FOLDER_B [--json] [--seed N].',
    ],
    [
      ['eval', fixture, '--limit', '0'],
      'Invalid value for --limit: must be a positive whole number, got "0".',
    ],
    [
      ['eval', fixture, '--concurrency', 'many'],
      'Invalid value for --concurrency: must be a positive whole number, got "many".',
    ],
    [
      ['eval', fixture, '--format', 'xml'],
      'Invalid value for --format: must be one of hotpotqa, hotpotqa-fullwiki, simpleqa, frames, browsecomp, jsonl, got "xml".',
    ],
    [
      ['eval', 'score', '--dataset', fixture, '--predictions', 'p.jsonl', '--model', 'openai:gpt-4o'],
      '--model does not apply to "deepresearch eval score".',
    ],
    [['eval', fixture, '--predictions', 'p.jsonl'], '--predictions does not apply to "deepresearch eval".'],
    [['eval', fixture, '--bogus'], 'Unknown option --bogus. Run "deepresearch eval --help" for its options.'],
  ])('%j → a one-line usage error', async (argv, message) => {
    const { error } = await cli(argv);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
  });

  it('checks the model setup before any run (a missing key is a usage error, not ten failed runs)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'eval-cli-'));
    const { error } = await cli([
      'eval',
      fixture,
      '--model',
      'openai:gpt-4o-mini',
      '--out',
      out,
      '--db',
      join(out, 'db.sqlite'),
    ]);
    expect((error as Error).message).toMatch(/OPENAI_API_KEY is not set/);
  });

  it('eval compare names a folder without results', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'eval-cli-'));
    const { error } = await cli(['eval', 'compare', empty, empty]);
    expect((error as Error).message).toBe(
      `${empty} has no results.jsonl; pass two folders written by "deepresearch eval --out".`,
    );
  });

  it('prints the eval commands in the help', async () => {
    const { stdout } = await cli(['--help']);
    expect(stdout).toContain('deepresearch eval <dataset> [options]');
    expect(stdout).toContain('--judge-model ID');
  });
});
