import { readFile } from 'node:fs/promises';
import { DEFAULT_MAX_CONCURRENT_RUNS, type ResearchConfig, type ServeSettings } from '../config/index.js';
import { ConfigError } from '../errors.js';
import type { Runner } from '../runs/index.js';
import { plural } from './progress-words.js';

export interface ServeCommandOptions {
  /** Research options from the flags: the default options of every run. */
  config: ResearchConfig;
  /** `serve`'s own flags (the field table's `serve` group), token files not yet read. */
  serve: Partial<ServeSettings>;
  /** Directory a relative `db` is resolved in (default: the process's). */
  cwd?: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted on SIGTERM/SIGINT: the server shuts down gracefully and the promise resolves. */
  signal?: AbortSignal;
  /** Executes runs instead of the engine (tests). */
  runner?: Runner;
  /** How long running runs may finish after the signal before they are cancelled (ms). */
  shutdownGraceMs?: number;
}

/** Tokens given on the command line plus those in `file` (one per line, `#` comments skipped). */
async function readTokens(
  given: readonly string[],
  file: string | undefined,
  key: 'authTokenFile' | 'adminTokenFile',
): Promise<string[]> {
  const flag = key === 'authTokenFile' ? '--auth-token-file' : '--admin-token-file';
  const tokens = given.map((token) => token.trim()).filter(Boolean);
  if (file) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`Cannot read ${flag} "${file}".`, { key, cause: error });
    }
    const fromFile = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    if (fromFile.length === 0) throw new ConfigError(`${flag} "${file}" has no tokens.`, { key });
    tokens.push(...fromFile);
  }
  return tokens;
}

/**
 * `deepresearch serve`: the flags as `startServer` options (tokens read from their files), the
 * server's address and state on stdout, then on the signal a graceful shutdown (stop accepting, let
 * runs finish or cancel them after a grace period, close the database). Resolves with the exit code.
 */
export async function runServeCommand(options: ServeCommandOptions): Promise<number> {
  const { startServer } = await import('../server/index.js');
  const { authTokenFile, adminTokenFile, forgetAll: _forgetAll, ...serve } = options.serve;
  const authTokens = await readTokens(serve.authTokens ?? [], authTokenFile, 'authTokenFile');
  const adminTokens = await readTokens(serve.adminTokens ?? [], adminTokenFile, 'adminTokenFile');
  const server = await startServer({
    config: options.config,
    // A terminal shows one line per request otherwise (polls and static files too): only warnings there.
    serve: {
      ...serve,
      authTokens,
      adminTokens,
      logLevel: serve.logLevel ?? (options.stderr.isTTY ? 'warn' : 'info'),
    },
    env: options.env,
    cwd: options.cwd,
    logStream: options.stderr,
    runner: options.runner,
    shutdownGraceMs: options.shutdownGraceMs,
  });
  options.stdout.write(`Listening on ${server.url}\n`);
  options.stdout.write(`Database: ${server.databasePath}\n`);
  if (server.node) {
    const work =
      server.role === 'api'
        ? 'queues runs for the workers'
        : `executes up to ${plural(serve.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS, 'run')} at once`;
    options.stdout.write(`Node ${server.node} (${server.role}): ${work}\n`);
  }
  if (server.researchThreads !== undefined && server.role !== 'api') {
    options.stdout.write(`Research: in up to ${plural(server.researchThreads, 'worker thread')}\n`);
  }
  for (const corpus of server.corpora) {
    options.stdout.write(
      `Corpus ${corpus.id}: ${plural(corpus.files, 'file')}, ${plural(corpus.chunks, 'passage')}\n`,
    );
  }
  const { interrupted } = server;
  if (interrupted.length > 0) {
    const one = interrupted.length === 1;
    options.stdout.write(
      `${plural(interrupted.length, 'run')} ${one ? 'was' : 'were'} cut off by the last shutdown and ${one ? 'is' : 'are'} now interrupted.\n`,
    );
  }
  if (authTokens.length + adminTokens.length === 0)
    options.stderr.write('listening on 127.0.0.1 only: no --auth-token given\n');

  await new Promise<void>((resolve) => {
    if (!options.signal) return;
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  options.stderr.write('Shutting down: letting running runs finish…\n');
  await server.close();
  options.stderr.write('Stopped.\n');
  return 0;
}
