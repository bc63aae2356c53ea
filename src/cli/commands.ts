import type { FieldGroup, LoadedConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';

/** What the CLI runs with: the process's streams, environment and cancellation. */
export interface CliIo {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal: AbortSignal;
}

/** One subcommand: its help, the option groups it takes, and how it runs (heavy modules lazily). */
export interface CliCommand {
  name: string;
  /** Arguments as help shows them after `deepresearch`. */
  usage: string;
  summary: string;
  /** Whose flags it takes (see the field table in config/). */
  groups: readonly FieldGroup[];
  /** Runs with validated options; resolves with the exit code. */
  run(loaded: LoadedConfig, io: CliIo): Promise<number>;
}

const ask: CliCommand = {
  name: 'ask',
  usage: '"question" [options]',
  summary: 'research a question (same as: deepresearch ask "question")',
  groups: ['research', 'output', 'general'],
  async run(loaded, io) {
    const question = loaded.positionals.join(' ').trim();
    if (!question) throw new ConfigError('No question given. Usage: deepresearch "your question" [options].');
    const { runAskCommand } = await import('./ask-command.js');
    return runAskCommand({
      question,
      config: loaded.research,
      json: loaded.output.json,
      quiet: loaded.output.quiet,
      ...(loaded.output.out ? { out: loaded.output.out } : {}),
      cwd: io.cwd,
      env: io.env,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  },
};

const read: CliCommand = {
  name: 'read',
  usage: 'read <url|file>... [options]',
  summary: 'print the main content of pages, PDFs and files',
  groups: ['read', 'general'],
  async run(loaded, io) {
    if (loaded.positionals.length === 0)
      throw new ConfigError('deepresearch read needs at least one URL or file.');
    const { runReadCommand } = await import('./read-command.js');
    return runReadCommand({
      inputs: loaded.positionals,
      format: loaded.read.format,
      allowHosts: loaded.research.allowHosts,
      concurrency: loaded.read.concurrency,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  },
};

const serve: CliCommand = {
  name: 'serve',
  usage: 'serve [options]',
  summary: 'sessions API, OpenAI-compatible endpoint and web UI',
  groups: ['research', 'serve', 'general'],
  async run(loaded, io) {
    const [extra] = loaded.positionals;
    if (extra !== undefined) throw new ConfigError(`deepresearch serve takes no arguments, got "${extra}".`);
    const { runServeCommand } = await import('./serve-command.js');
    return runServeCommand({
      config: loaded.research,
      ...loaded.serve,
      env: io.env,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
      signal: io.signal,
    });
  },
};

/** Every subcommand; the first is run when the first argument names none. */
export const commands: readonly CliCommand[] = [ask, read, serve];
