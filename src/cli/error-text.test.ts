import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { commands } from './commands.js';
import { cliConfigError } from './error-text.js';

/** The CLI's sentence for the error loading `argv` (as the ask command takes it) throws. */
async function messageOf(argv: string[]): Promise<string> {
  try {
    await loadConfig({ argv, cwd: tmpdir(), groups: commands[0]?.groups ?? [], file: false });
  } catch (error) {
    if (error instanceof ConfigError) return cliConfigError(error, { command: 'ask' }).message;
    throw error;
  }
  throw new Error(`${argv.join(' ')} parsed`);
}

describe('an unknown flag', async () => {
  it('names the flag it most likely meant, not every flag', async () => {
    expect(await messageOf(['question', '--max-step', '3'])).toBe(
      'Unknown option --max-step. Did you mean --max-steps? Run "deepresearch ask --help" for its options.',
    );
  });

  it('points at the help alone when no flag is near', async () => {
    expect(await messageOf(['question', '--colour', 'red'])).toBe(
      'Unknown option --colour. Run "deepresearch ask --help" for its options.',
    );
  });
});
