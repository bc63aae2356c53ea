import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import type { Runner } from '../server/index.js';
import type { SqliteRunStore } from '../store/index.js';
import { openServerDatabase } from './open-database.js';
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
  corsOrigins?: string[];
  allowedModels?: string[];
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

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

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

type ServerModule = typeof import('../server/index.js');
type StoreModule = typeof import('../store/index.js');

/** Builds the app on the open database, recovers cut-off runs and listens; rejects if it cannot. */
async function startServer(context: {
  options: ServeCommandOptions;
  server: ServerModule;
  store: StoreModule;
  database: SqliteRunStore;
  tokens: string[];
  adminTokens: string[];
  host: string;
  checkSetup: ((config: ResearchConfig) => Promise<void>) | undefined;
  serve: typeof import('@hono/node-server').serve;
  corpora: import('../server/index.js').CorpusRegistry | undefined;
}) {
  const { options, server, store, database, tokens, adminTokens, host, checkSetup, corpora } = context;
  const runner = options.runner ?? (await import('../research/index.js')).research;
  const logger = server.createLogger({
    stream: options.stderr,
    secrets: [...tokens, ...adminTokens, ...(options.config.apiKey ? [options.config.apiKey] : [])],
  });
  const { app, runs, websocket, closeWebSockets, closeMcpSessions } = server.createApp({
    store: database,
    runner,
    config: options.config,
    authTokens: tokens,
    adminTokens,
    maxConcurrentRuns: options.maxConcurrentRuns,
    logger,
    sourceCache: store.createSqliteSourceCache(database.database),
    runtime: { env: options.env },
    ...(corpora ? { corpora } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.allowedModels ? { allowedModels: options.allowedModels } : {}),
    ...(checkSetup ? { checkSetup } : {}),
    evalDirs: (options.evalDirs?.length ? options.evalDirs : ['.']).map((dir) =>
      resolve(options.cwd ?? process.cwd(), dir),
    ),
  });
  const listener = await new Promise<ReturnType<typeof context.serve>>((resolve, reject) => {
    const started = context.serve({ fetch: app.fetch, websocket, port: options.port, hostname: host }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  // Recovered only once listening: a start that fails must not mark anyone's runs interrupted.
  const interrupted = await runs.recover();
  return { listener, runs, closeWebSockets, closeMcpSessions, interrupted };
}

/**
 * `deepresearch serve`: opens the database, recovers interrupted runs, serves the API, the
 * OpenAI-compatible endpoint and the web UI, and on the signal shuts down gracefully (stop
 * accepting, let runs finish or cancel them after a grace period, close the database).
 * Resolves with the exit code.
 */
export async function runServeCommand(options: ServeCommandOptions): Promise<number> {
  const [{ serve }, server, store] = await Promise.all([
    import('@hono/node-server'),
    import('../server/index.js'),
    import('../store/index.js'),
  ]);
  const tokens = await readTokens(options.authTokens, options.authTokenFile, 'authTokenFile');
  const adminTokens = await readTokens(options.adminTokens ?? [], options.adminTokenFile, 'adminTokenFile');
  const host = options.host ?? server.DEFAULT_HOST;
  if (tokens.length + adminTokens.length === 0 && !LOOPBACK.has(host)) {
    throw new ConfigError(
      `--host ${host} would expose the server without authentication; add --auth-token (or --auth-token-file).`,
    );
  }
  // The real engine needs its models' keys and search providers' keys: refuse to start without
  // them rather than accept runs that all fail. Runs a client asks for are checked the same way.
  const checkSetup = options.runner
    ? undefined
    : async (config: ResearchConfig) => {
        const { checkResearchSetup } = await import('../research/index.js');
        await checkResearchSetup(config, { env: options.env });
      };
  if (checkSetup) await checkSetup(options.config);
  const path =
    options.db === undefined
      ? server.defaultDatabasePath({ env: options.env })
      : options.db === ':memory:'
        ? options.db
        : resolve(options.cwd ?? process.cwd(), options.db);
  const opened = await openServerDatabase({
    path,
    ...(options.db === undefined ? {} : { given: options.db }),
  });
  const database = opened.store;
  let corpora: import('../server/index.js').CorpusRegistry | undefined;
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    // The operator's folders are indexed before the server listens (only changed files are read).
    corpora =
      options.config.corpus.length > 0
        ? await server.CorpusRegistry.open({
            folders: options.config.corpus,
            env: options.env,
            ...(options.config.embedModel ? { embedModel: options.config.embedModel } : {}),
            ...(options.config.embedBaseURL ? { embedBaseURL: options.config.embedBaseURL } : {}),
          })
        : undefined;
    started = await startServer({
      options,
      server,
      database,
      store,
      tokens,
      adminTokens,
      host,
      checkSetup,
      serve,
      corpora,
    });
  } catch (error) {
    corpora?.close();
    // Nothing is served: a database this start created goes again.
    await opened.discard();
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new ConfigError(`Port ${options.port} is in use; pass another --port.`, {
        key: 'port',
        cause: error,
      });
    throw error;
  }
  const { listener, runs, closeWebSockets, closeMcpSessions, interrupted } = started;
  const { port } = listener.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  options.stdout.write(`Listening on http://${shownHost}:${port}\n`);
  options.stdout.write(`Database: ${path}\n`);
  for (const corpus of corpora?.list() ?? []) {
    options.stdout.write(
      `Corpus ${corpus.id}: ${plural(corpus.files, 'file')}, ${plural(corpus.chunks, 'passage')}\n`,
    );
  }
  if (interrupted.length > 0) {
    const one = interrupted.length === 1;
    options.stdout.write(
      `${plural(interrupted.length, 'run')} ${one ? 'was' : 'were'} cut off by the last shutdown and ${one ? 'is' : 'are'} now interrupted.\n`,
    );
  }
  if (tokens.length + adminTokens.length === 0)
    options.stderr.write('listening on 127.0.0.1 only: no --auth-token given\n');

  await new Promise<void>((resolve) => {
    if (!options.signal) return;
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  options.stderr.write('Shutting down: letting running runs finish…\n');
  const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
  await runs.shutdown({ graceMs: options.shutdownGraceMs ?? server.SHUTDOWN_GRACE_MS });
  closeWebSockets();
  await closeMcpSessions();
  if ('closeAllConnections' in listener) listener.closeAllConnections();
  await closed;
  await database.close();
  corpora?.close();
  options.stderr.write('Stopped.\n');
  return 0;
}
