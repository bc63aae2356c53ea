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
    [['q', '--bogus'], 'Unknown option \'--bogus\'. Run "deepresearch --help" for the options of "ask".'],
    [
      ['q', '--max-steps', '-3'],
      "Option '--max-steps' argument is ambiguous. Did you forget to specify the option argument for '--max-steps'? To specify an option argument starting with a dash use '--max-steps=-XYZ'. Run \"deepresearch --help\" for the options of \"ask\".",
    ],
    [
      ['q', '--model'],
      'Option \'--model <value>\' argument missing. Run "deepresearch --help" for the options of "ask".',
    ],
    [['serve', '--json'], 'Unknown option \'--json\'. Run "deepresearch --help" for the options of "serve".'],
  ])('%j is one line naming the flag and where to look', async (argv, message) => {
    const error = await failureOf(argv);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(message);
  });

  it('rejects an invalid --port or --max-concurrent-runs of serve before starting', async () => {
    await expect(failureOf(['serve', '--port', 'http'])).resolves.toMatchObject({
      message: 'Invalid value for --port: expected a whole number from 0 to 65535, got "http".',
    });
    await expect(failureOf(['serve', '--port', '70000'])).resolves.toMatchObject({
      message: 'Invalid value for --port: expected a whole number from 0 to 65535, got "70000".',
    });
    await expect(failureOf(['serve', '--max-concurrent-runs', '0'])).resolves.toMatchObject({
      message: 'Invalid value for --max-concurrent-runs: expected a whole number ≥ 1, got "0".',
    });
  });
});
