import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_RUN_EXECUTOR,
  DEFAULT_WORKER_TIMEOUT_SECONDS,
  type ResearchConfig,
  type SERVER_ROLES,
} from '../config/index.js';
import type { CorpusInfo } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import type { CapabilityOverrides } from '../research/index.js';
import {
  CorpusRegistry,
  createLogger,
  createRunService,
  type RunManager,
  type Runner,
} from '../runs/index.js';
import { releaseProcessResources } from '../shared/index.js';
import { checkAuthPolicy } from './auth-policy.js';
import { HEARTBEATS_PER_TIMEOUT, SHUTDOWN_GRACE_MS, WORKER_POLL_MS } from './constants.js';
import { defaultDatabasePath } from './database-path.js';
import { createApp } from './http/app.js';
import type { CreateAppOptions, ServerApp } from './http/app-options.js';
import { createWorkerApp } from './http/worker-app.js';
import { isPostgresUrl, openServerDatabase, type ServerDatabase } from './open-database.js';
import type { ServeOptions } from './serve-options.js';

/** What a `serve` process does: see `SERVER_ROLES`. */
export type ServerRole = (typeof SERVER_ROLES)[number];

export interface StartServerOptions extends Pick<CreateAppOptions, 'hostNames' | 'webDirectory'> {
  /** Research options (the flags of `serve`): the defaults of every run, secrets included. */
  config: ResearchConfig;
  /**
   * `serve`'s settings (see `ServeOptions`): where it listens (`port`, 0 picks a free one; `host`,
   * anything but loopback needs a token), its database (`db`: a SQLite file relative to `cwd`,
   * `:memory:`, or a postgres:// URL; default in the user's data directory), its `role` on Postgres,
   * its tokens, limits and what clients may choose.
   */
  serve?: ServeOptions;
  /** Directory relative paths are resolved in (default: the process's). */
  cwd?: string;
  /** Environment read for keys, URLs and the data directory (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Where log lines go, one JSON object each, from `serve.logLevel` on (default: process.stderr). */
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
  /** Research threads at most (`--executor worker`); undefined when runs research in this thread. */
  researchThreads: number | undefined;
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
  const serve = options.serve ?? {};
  const authTokens = serve.authTokens ?? [];
  const adminTokens = serve.adminTokens ?? [];
  const host = serve.host ?? DEFAULT_HOST;
  checkAuthPolicy({ host, tokens: authTokens.length + adminTokens.length });
  const role = serve.role ?? 'all';
  if (role !== 'all' && !(serve.db !== undefined && isPostgresUrl(serve.db))) {
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
        const { checkResearchSetup } = await import('../research/on-demand.js');
        await checkResearchSetup(config, { env });
      };
  if (checkSetup) await checkSetup(options.config);
  const database = await openServerDatabase({
    defaultPath: defaultDatabasePath({ env }),
    cwd,
    db: serve.db,
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
            embedModel,
            embedBaseURL,
          })
        : undefined;
    const secrets = [...authTokens, ...adminTokens];
    const logger = createLogger({
      stream: options.logStream ?? process.stderr,
      level: serve.logLevel,
      secrets: [...secrets, ...(options.config.apiKey ? [options.config.apiKey] : [])],
    });
    // Runs and the MCP tools share the database's source cache: a page read once is read from there.
    const capabilities: CapabilityOverrides = {
      env,
      sourceCache: database.sourceCache,
      ...options.capabilities,
    };
    // Injected runners and capabilities are objects of this thread: their runs research here. An
    // api node executes no run.
    const inThreads =
      (serve.executor ?? DEFAULT_RUN_EXECUTOR) === 'worker' &&
      !options.runner &&
      !options.capabilities &&
      role !== 'api';
    const researchThreads = inThreads ? (serve.executorThreads ?? availableParallelism()) : undefined;
    const cluster = await joinCluster(database, serve.workerTimeout ?? DEFAULT_WORKER_TIMEOUT_SECONDS);
    stopCluster = cluster ? () => cluster.cluster.close() : undefined;
    const runs = createRunService({
      store: database.store,
      runner: options.runner ?? (await import('../research/on-demand.js')).research,
      config: options.config,
      logger,
      secrets,
      capabilities,
      maxConcurrentRuns: serve.maxConcurrentRuns,
      maxRunningPerOwner: serve.maxRunningPerOwner,
      maxQueuedPerOwner: serve.maxQueuedPerOwner,
      inputWaitMs: serve.inputWaitSeconds === undefined ? undefined : serve.inputWaitSeconds * 1000,
      corpora,
      cluster: cluster && { cluster: cluster.cluster, executes: role !== 'api', timing: cluster.timing },
      threads:
        researchThreads === undefined
          ? undefined
          : { size: researchThreads, env, memoryMb: serve.threadMemoryMb },
    });
    // A research thread that cannot load the engine is the operator's to fix now, not each run's.
    await runs.executorReady();
    const evalDirs = (serve.evalDirs?.length ? serve.evalDirs : ['.']).map((dir) => resolve(cwd, dir));
    const server =
      role === 'worker' && cluster
        ? createWorkerApp({ runs, nodeId: cluster.cluster.nodeId })
        : createApp({
            runs,
            config: options.config,
            serve: { ...serve, evalDirs },
            logger,
            capabilities,
            corpora,
            checkSetup,
            hostNames: options.hostNames,
            webDirectory: options.webDirectory,
            // On Postgres every api node counts against the same limits.
            limits: database.limits,
          });
    const listener = await listen(server, serve.port ?? DEFAULT_PORT, host);
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
      researchThreads,
      ...(cluster ? { node: cluster.cluster.nodeId } : {}),
      async close() {
        const closed = new Promise<void>((resolveClosed) => listener.close(() => resolveClosed()));
        await runs.shutdown({ graceMs: options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS });
        // The runs are over: what they held in this thread goes too — the browser they shared (with
        // --browser) and the extraction workers, each started again by a later page — released
        // through the registry, so a server whose thread never read a page does not load the reader.
        await releaseProcessResources();
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
      throw new ConfigError(`Port ${serve.port} is in use; pass another --port.`, {
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
