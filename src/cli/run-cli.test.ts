import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { runCli } from './run-cli.js';

function failureOf(argv: string[]): Promise<unknown> {
  return runCli({
    argv,
    env: {},
    cwd: process.cwd(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    signal: new AbortController().signal,
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('runCli flag errors', () => {
  it.each([
    [['q', '--bogus'], 'Unknown option --bogus. Run "deepresearch ask --help" for its options.'],
    [['q', '--max-steps', '-3'], 'Invalid value for --max-steps: must be a positive whole number, got "-3".'],
    [['q', '--max-steps=-3'], 'Invalid value for --max-steps: must be a positive whole number, got "-3".'],
    [['q', '--model'], '--model needs a value (ID). Run "deepresearch ask --help" for its options.'],
    [
      ['q', '--out', '--json'],
      '--out needs a value (FILE), got the flag --json. For a value that starts with a dash, write --out=--json. Run "deepresearch ask --help" for its options.',
    ],
    [['serve', '--json'], 'Unknown option --json. Run "deepresearch serve --help" for its options.'],
    [
      ['read', '--format', 'pdf', 'x'],
      'Invalid value for --format: must be one of markdown, text, json, got "pdf".',
    ],
  ])('%j is one line naming the flag and what is wrong', async (argv, message) => {
    const error = await failureOf(argv);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(message);
  });

  it('rejects an invalid --port or --max-concurrent-runs of serve before starting', async () => {
    await expect(failureOf(['serve', '--port', 'http'])).resolves.toMatchObject({
      message: 'Invalid value for --port: must be a whole number from 0 to 65535, got "http".',
    });
    await expect(failureOf(['serve', '--port', '70000'])).resolves.toMatchObject({
      message: 'Invalid value for --port: must be a whole number from 0 to 65535, got "70000".',
    });
    await expect(failureOf(['serve', '--max-concurrent-runs', '0'])).resolves.toMatchObject({
      message: 'Invalid value for --max-concurrent-runs: must be a positive whole number, got "0".',
    });
  });

  it('prints help even when the environment holds a bad value', async () => {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk) => {
      text += chunk;
    });
    const code = await runCli({
      argv: ['--help'],
      env: { DEEPRESEARCH_MAX_STEPS: 'many' },
      cwd: process.cwd(),
      stdout,
      stderr: new PassThrough(),
      signal: new AbortController().signal,
    });
    expect(code).toBe(0);
    expect(text).toMatch(/--max-steps N/);
  });
});
