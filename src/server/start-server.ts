import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_WORKER_TIMEOUT_SECONDS,
  type ResearchConfig,
  type SERVER_ROLES,
} from '../config/index.js';
import type { CorpusInfo } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { closeSharedBrowser } from '../reader/index.js';
import type { CapabilityOverrides } from '../research/index.js';
import {
  CorpusRegistry,
  createLogger,
  createRunService,
  type RunManager,
  type Runner,
} from '../runs/index.js';
import { checkAuthPolicy } from './auth-policy.js';
import { HEARTBEATS_PER_TIMEOUT, SHUTDOWN_GRACE_MS, WORKER_POLL_MS } from './constants.js';
import { defaultDatabasePath } from './database-path.js';
import { createApp } from './http/app.js';
import type { CreateAppOptions, ServerApp } from './http/app-options.js';
import { createWorkerApp } from './http/worker-app.js';
import { isPostgresUrl, openServerDatabase, type ServerDatabase } from './open-database.js';

/** What a `serve` process does: see `SERVER_ROLES`. */
export type ServerRole = (typeof SERVER_ROLES)[number];

export interface StartServerOptions
  extends Pick<
    CreateAppOptions,
    | 'corsOrigins'
    | 'allowedModels'
    | 'hostNames'
    | 'webDirectory'
    | 'maxTemperature'
    | 'publicUrl'
    | 'requestsPerMinute'
  > {
  /** Research options (the flags of `serve`): the defaults of every run, secrets included. */
  config: ResearchConfig;
  /** 0 picks a free port (default `DEFAULT_PORT`). */
  port?: number;
  /** Default `DEFAULT_HOST` (loopback); anything else needs an auth token. */
  host?: string;
  /** Database file, relative to `cwd`; `:memory:` keeps nothing (default: in the user's data directory). */
  db?: string;
  /** Directory relative paths are resolved in (default: the process's). */
  cwd?: string;
  /** Bearer tokens; each sees only the runs it made. None: loopback only. */
  authTokens?: readonly string[];
  /** Tokens that see every run. */
  adminTokens?: readonly string[];
  /** Default `DEFAULT_MAX_CONCURRENT_RUNS`; on a worker node, the runs it executes at once. */
  maxConcurrentRuns?: number;
  /** How long a run waiting for input waits before it is cancelled, in ms (default 24 h). */
  inputWaitMs?: number;
  /**
   * `all` (default), `api` or `worker`. On Postgres every role is a node of a cluster (runs go
   * through a pg-boss queue, events reach every node); on SQLite only `all` exists.
   */
  role?: ServerRole;
  /** On Postgres: seconds a worker may be silent before its runs resume elsewhere (default `DEFAULT_WORKER_TIMEOUT_SECONDS`). */
  workerTimeoutSeconds?: number;
  /** Folders of eval results the server lists, relative to `cwd` (default: `cwd` itself). */
  evalDirs?: readonly string[];
  /** Environment read for keys, URLs and the data directory (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Where log lines go, one JSON object each (default: process.stderr). */
  logStream?: { write(chunk: string): unknown };
  /** Executes runs instead of the engine (tests); the engine's setup check is skipped then. */
  runner?: Runner;
  /** Capabilities given to every run and to the MCP tools (tests, benchmarks). */
  capabilities?: CapabilityOverrides;
  /** How long `close()` lets running runs finish before it cancels them, in ms (default `SHUTDOWN_GRACE_MS`). */
  shutdownGraceMs?: number;
}

/** A server that is listening. */
export interface RunningServer {
  /** `http://host:port`, an IPv6 host in brackets. */
  url: string;
  port: number;
  /** The database file (or `:memory:`), or the Postgres URL without its password. */
  databasePath: string;
  runs: RunManager;
  /** The operator's corpora, indexed, as `/api/corpora` lists them. */
  corpora: CorpusInfo[];
  /** Runs the last shutdown or crash cut off, now `interrupted` (resumable); none on Postgres, where workers resume them. */
  interrupted: string[];
  role: ServerRole;
  /** This node's id in the cluster (Postgres only). */
  node?: string;
  /**
   * Shuts down gracefully: stops accepting, lets running runs finish for the grace period, then
   * cancels them (they stay `interrupted`), closes sockets, MCP sessions, the database and corpora.
   */
  close(): Promise<void>;
}

/**
 * Starts `deepresearch serve`: applies the auth policy (anything but loopback needs a token),
 * checks the engine's setup (models' and search providers' keys), opens the database, indexes the
 * operator's corpora, listens, and marks runs cut off by a crash `interrupted`. A start that fails
 * leaves nothing behind (a database it created is removed); a port in use is a `ConfigError`.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const authTokens = options.authTokens ?? [];
  const adminTokens = options.adminTokens ?? [];
  const host = options.host ?? DEFAULT_HOST;
  checkAuthPolicy({ host, tokens: authTokens.length + adminTokens.length });
  const role = options.role ?? 'all';
  if (role !== 'all' && !(options.db !== undefined && isPostgresUrl(options.db))) {
    throw new ConfigError(
      `--role ${role} needs a database every node shares: pass --db postgres://user:password@host:port/database (or DEEPRESEARCH_DB). With SQLite one process does everything: leave --role at all.`,
      { key: 'role' },
    );
  }
  // The real engine needs its models' and search providers' keys: refuse to start without them
  // rather than accept runs that all fail. Runs a client asks for are checked the same way.
  const checkSetup = options.runner
    ? undefined
    : async (config: ResearchConfig) => {
        const { checkResearchSetup } = await import('../research/index.js');
        await checkResearchSetup(config, { env });
      };
  if (checkSetup) await checkSetup(options.config);
  const database = await openServerDatabase({
    defaultPath: defaultDatabasePath({ env }),
    cwd,
    ...(options.db === undefined ? {} : { db: options.db }),
  });
  let corpora: CorpusRegistry | undefined;
  let stopCluster: (() => Promise<void>) | undefined;
  try {
    // The operator's folders are indexed before the server listens (only changed files are read).
    const { corpus, embedModel, embedBaseURL } = options.config;
    corpora =
      corpus.length > 0
        ? await CorpusRegistry.open({
            folders: corpus,
            env,
            ...(embedModel ? { embedModel } : {}),
            ...(embedBaseURL ? { embedBaseURL } : {}),
          })
        : undefined;
    const secrets = [...authTokens, ...adminTokens];
    const logger = createLogger({
      stream: options.logStream ?? process.stderr,
      secrets: [...secrets, ...(options.config.apiKey ? [options.config.apiKey] : [])],
    });
    // Runs and the MCP tools share the database's source cache: a page read once is read from there.
    const capabilities: CapabilityOverrides = {
      env,
      sourceCache: database.sourceCache,
      ...options.capabilities,
    };
    const cluster = await joinCluster(
      database,
      options.workerTimeoutSeconds ?? DEFAULT_WORKER_TIMEOUT_SECONDS,
    );
    stopCluster = cluster ? () => cluster.cluster.close() : undefined;
    const runs = createRunService({
      store: database.store,
      runner: options.runner ?? (await import('../research/index.js')).research,
      config: options.config,
      logger,
      secrets,
      capabilities,
      ...(options.maxConcurrentRuns !== undefined ? { maxConcurrentRuns: options.maxConcurrentRuns } : {}),
      ...(options.inputWaitMs !== undefined ? { inputWaitMs: options.inputWaitMs } : {}),
      ...(corpora ? { corpora } : {}),
      ...(cluster
        ? { cluster: { cluster: cluster.cluster, executes: role !== 'api', timing: cluster.timing } }
        : {}),
    });
    const server =
      role === 'worker' && cluster
        ? createWorkerApp({ runs, nodeId: cluster.cluster.nodeId })
        : createApp({
            runs,
            config: options.config,
            authTokens,
            adminTokens,
            logger,
            capabilities,
            evalDirs: (options.evalDirs?.length ? options.evalDirs : ['.']).map((dir) => resolve(cwd, dir)),
            ...(corpora ? { corpora } : {}),
            ...(checkSetup ? { checkSetup } : {}),
            ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
            ...(options.allowedModels ? { allowedModels: options.allowedModels } : {}),
            ...(options.hostNames ? { hostNames: options.hostNames } : {}),
            ...(options.maxTemperature === undefined ? {} : { maxTemperature: options.maxTemperature }),
            ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
            ...(options.webDirectory ? { webDirectory: options.webDirectory } : {}),
            // On Postgres every api node counts against the same limits.
            ...(database.limits ? { limits: database.limits } : {}),
            ...(options.requestsPerMinute === undefined
              ? {}
              : { requestsPerMinute: options.requestsPerMinute }),
          });
    const listener = await listen(server, options.port ?? DEFAULT_PORT, host);
    await runs.join();
    // Recovered only once listening: a start that fails must not mark anyone's runs interrupted.
    // On Postgres a run cut off by a crash is no one's to mark: a worker resumes it.
    const interrupted = await runs.recover();
    const { port } = listener.address() as AddressInfo;
    const registry = corpora;
    return {
      url: `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
      port,
      databasePath: database.path,
      runs,
      corpora: registry?.list() ?? [],
      interrupted,
      role,
      ...(cluster ? { node: cluster.cluster.nodeId } : {}),
      async close() {
        const closed = new Promise<void>((resolveClosed) => listener.close(() => resolveClosed()));
        await runs.shutdown({ graceMs: options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS });
        // The runs are over: the browser they shared (with --browser) goes too.
        await closeSharedBrowser();
        server.closeWebSockets();
        await server.closeMcpSessions();
        if ('closeAllConnections' in listener) listener.closeAllConnections();
        await closed;
        await database.store.close();
        registry?.close();
      },
    };
  } catch (error) {
    await stopCluster?.().catch(() => undefined);
    corpora?.close();
    // Nothing is served: a database this start created goes again.
    await database.discard();
    if ((error as { code?: string }).code === 'EADDRINUSE')
      throw new ConfigError(`Port ${options.port} is in use; pass another --port.`, {
        key: 'port',
        cause: error,
      });
    throw error;
  }
}

/** Listens on `port` at `host`; rejects when it cannot (the port in use, the address unknown). */
function listen(server: ServerApp, port: number, hostname: string) {
  return new Promise<ReturnType<typeof serve>>((resolveListening, reject) => {
    const { app, websocket } = server;
    const started = serve({ fetch: app.fetch, websocket, port, hostname }, () => resolveListening(started));
    started.once('error', reject);
  });
}

/** On Postgres, joins the nodes sharing the database, with the timing `--worker-timeout` gives. */
async function joinCluster(database: ServerDatabase, workerTimeoutSeconds: number) {
  if (!database.openCluster) return undefined;
  const workerTimeoutMs = workerTimeoutSeconds * 1000;
  const heartbeatMs = Math.max(100, Math.round(workerTimeoutMs / HEARTBEATS_PER_TIMEOUT));
  const pollIntervalMs = Math.min(WORKER_POLL_MS, heartbeatMs);
  const cluster = await database.openCluster({ workerTimeoutMs });
  return { cluster, timing: { heartbeatMs, pollIntervalMs } };
}
