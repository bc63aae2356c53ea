import { readFile } from 'node:fs/promises';
import type { ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import type { Runner } from '../runs/index.js';
import type { ServerRole } from '../server/index.js';
import { plural } from './progress-words.js';

export interface ServeCommandOptions {
  /** Research options from the flags: the default options of every run. */
  config: ResearchConfig;
  /** 0 picks a free port. */
  port: number;
  /** Default `DEFAULT_HOST` (loopback); anything else needs an auth token. */
  host?: string;
  /** Database file, relative to `cwd` (default: in the user's data directory). */
  db?: string;
  /** Directory a relative `db` is resolved in (default: the process's). */
  cwd?: string;
  authTokens: string[];
  /** A file of tokens, one per line (blank lines and `#` comments skipped). */
  authTokenFile?: string;
  /** Tokens that see every run (each other token sees only the runs it created). */
  adminTokens?: string[];
  /** A file of admin tokens, like `authTokenFile`. */
  adminTokenFile?: string;
  maxConcurrentRuns: number;
  /** Seconds a run waiting for input waits before it is cancelled (default 24 h). */
  inputWaitSeconds?: number;
  /** `all`, `api` or `worker` (api and worker need a Postgres `db`). */
  role?: ServerRole;
  /** On Postgres: seconds a worker may be silent before its runs resume on another. */
  workerTimeout?: number;
  /** Requests per minute each client may make (over every api node on Postgres). */
  requestsPerMinute?: number;
  corsOrigins?: string[];
  allowedModels?: string[];
  /** Highest temperature API clients may ask for. */
  maxTemperature?: number;
  /** Address clients reach the server at (the base of the URLs `POST /api/runs` answers). */
  publicUrl?: string;
  /** Folders of eval results the server lists, relative to `cwd` (default: `cwd` itself). */
  evalDirs?: string[];
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
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
  const authTokens = await readTokens(options.authTokens, options.authTokenFile, 'authTokenFile');
  const adminTokens = await readTokens(options.adminTokens ?? [], options.adminTokenFile, 'adminTokenFile');
  const server = await startServer({
    config: options.config,
    port: options.port,
    authTokens,
    adminTokens,
    maxConcurrentRuns: options.maxConcurrentRuns,
    ...(options.inputWaitSeconds !== undefined ? { inputWaitMs: options.inputWaitSeconds * 1000 } : {}),
    env: options.env,
    ...(options.role !== undefined ? { role: options.role } : {}),
    ...(options.workerTimeout !== undefined ? { workerTimeoutSeconds: options.workerTimeout } : {}),
    ...(options.requestsPerMinute !== undefined ? { requestsPerMinute: options.requestsPerMinute } : {}),
    logStream: options.stderr,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.db !== undefined ? { db: options.db } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.allowedModels ? { allowedModels: options.allowedModels } : {}),
    ...(options.maxTemperature === undefined ? {} : { maxTemperature: options.maxTemperature }),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.evalDirs ? { evalDirs: options.evalDirs } : {}),
    ...(options.runner ? { runner: options.runner } : {}),
    ...(options.shutdownGraceMs !== undefined ? { shutdownGraceMs: options.shutdownGraceMs } : {}),
  });
  options.stdout.write(`Listening on ${server.url}\n`);
  options.stdout.write(`Database: ${server.databasePath}\n`);
  if (server.node) {
    const work =
      server.role === 'api'
        ? 'queues runs for the workers'
        : `executes up to ${plural(options.maxConcurrentRuns, 'run')} at once`;
    options.stdout.write(`Node ${server.node} (${server.role}): ${work}\n`);
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
