import { createNodeWebSocket } from '@hono/node-ws';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ResearchConfig } from '../../config/index.js';
import type { SourceCache } from '../../reader/types.js';
import type { RunStore } from '../../store/index.js';
import {
  DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE,
  DEFAULT_FAILED_LOGINS_PER_MINUTE,
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_REQUESTS_PER_MINUTE,
  MAX_BODY_BYTES,
} from '../constants.js';
import { type Logger, silentLogger } from '../logger.js';
import {
  type CorpusRegistry,
  connectionOptionsOf,
  createEvalFolders,
  RunManager,
  type RunManagerOptions,
  type Runner,
} from '../service/index.js';
import { routeMethods } from './allowed-methods.js';
import type { AppEnv } from './app-env.js';
import { bearerAuth } from './auth.js';
import { createErrorHandler } from './error-handler.js';
import { ApiError } from './errors.js';
import { LoginThrottle } from './login-throttle.js';
import { notFound } from './not-found.js';
import { rateLimit } from './rate-limit.js';
import { checkHost, checkOrigin, LOOPBACK_NAMES, requireJsonBody } from './request-guards.js';
import { corporaRoutes } from './routes/corpora.js';
import { evalsRoutes } from './routes/evals.js';
import { eventsRoutes } from './routes/events.js';
import { mcpEndpoint } from './routes/mcp.js';
import { metricsRoutes } from './routes/metrics.js';
import { openAiRoutes } from './routes/openai.js';
import { runsRoutes } from './routes/runs.js';
import { settingsRoutes } from './routes/settings.js';
import { wsRoutes } from './routes/ws.js';
import type { RunOptionsPolicy } from './run-options.js';
import { serveWebUi } from './static-ui.js';

export interface CreateAppOptions {
  store: RunStore;
  /** Executes runs: `research` from the engine, or a fake. */
  runner: Runner;
  /** The server's research options (from its flags): defaults of every run, secrets included. */
  config: ResearchConfig;
  /** Bearer tokens; empty: no auth (then only listen on loopback). Each token sees only its own runs. */
  authTokens?: readonly string[];
  /** Bearer tokens that see and change every run (also turn auth on). */
  adminTokens?: readonly string[];
  /** Default `DEFAULT_MAX_CONCURRENT_RUNS`. */
  maxConcurrentRuns?: number;
  /**
   * Origins allowed by CORS, whose pages may also start and change runs; absent: no CORS headers,
   * and only the server's own pages may. `*` allows any.
   */
  corsOrigins?: readonly string[];
  /**
   * Host names the server answers to without auth, besides 127.0.0.1, localhost and [::1] (a
   * request by any other name is refused: DNS rebinding). Ignored with auth tokens.
   */
  hostNames?: readonly string[];
  /** Model ids (or `provider:*`) clients may choose besides the server's; absent: only the server's. */
  allowedModels?: readonly string[];
  /** Whether clients may set apiKey, baseURL, searxngUrl, allowHosts (default false). */
  allowConnectionOptions?: boolean;
  /**
   * Checks a run's options can start (e.g. `checkResearchSetup` with the server's env) before the
   * run is accepted; a `ConfigError` is a 400 naming the field. Absent: no check.
   */
  checkSetup?: RunOptionsPolicy['checkSetup'];
  /** Requests per minute per client (default `DEFAULT_REQUESTS_PER_MINUTE`). */
  requestsPerMinute?: number;
  /** Wrong tokens one client address may send per minute (default `DEFAULT_FAILED_LOGINS_PER_MINUTE`). */
  failedLoginsPerMinute?: number;
  /** Wrong tokens all addresses together may send per minute (default `DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE`). */
  failedLoginsOverallPerMinute?: number;
  /** Largest request body in bytes (default `MAX_BODY_BYTES`). */
  maxBodyBytes?: number;
  logger?: Logger;
  sourceCache?: SourceCache;
  /** Capabilities injected into every run (tests, benchmarks). */
  runtime?: RunManagerOptions['runtime'];
  /**
   * Folders of `deepresearch eval` results listed at `/api/evals`: each an evaluation folder or a
   * folder of them (default none).
   */
  evalDirs?: readonly string[];
  /**
   * Folders the operator registered (`serve --corpus`), open and indexed: listed by id at
   * `/api/corpora`, picked by runs in `options.corpora`. Runs never open folders from options.
   */
  corpora?: CorpusRegistry;
  /** Folder of the built web UI (default web/dist). */
  webDirectory?: string;
  now?: () => Date;
}

export interface ServerApp {
  app: Hono<AppEnv>;
  runs: RunManager;
  /** Attaches WebSocket upgrades to the Node HTTP server the app is served on. */
  injectWebSocket: ReturnType<typeof createNodeWebSocket>['injectWebSocket'];
  /** Closes every open WebSocket (on shutdown, so the HTTP server can close). */
  closeWebSockets(): void;
  /** Closes the MCP sessions of `/mcp` (on shutdown; their runs are the run service's to end). */
  closeMcpSessions(): Promise<void>;
}

/**
 * Builds the HTTP app: sessions API, SSE and WebSocket events, the OpenAI-compatible endpoint,
 * MCP over Streamable HTTP at `/mcp`, metrics, health and the web UI, with auth, rate limit, body limit, CORS and request logs.
 * Call `runs.recover()` once at start-up to mark runs cut off by a crash `interrupted`.
 */
export function createApp(options: CreateAppOptions): ServerApp {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const authTokens = options.authTokens ?? [];
  const adminTokens = options.adminTokens ?? [];
  const secrets = [...authTokens, ...adminTokens, ...(options.config.apiKey ? [options.config.apiKey] : [])];
  const runs = new RunManager({
    store: options.store,
    runner: options.runner,
    maxConcurrentRuns: options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS,
    logger,
    secrets,
    connection: connectionOptionsOf(options.config),
    now,
    ...(options.sourceCache ? { sourceCache: options.sourceCache } : {}),
    // Runs get the registered corpora (none without --corpus), so a folder path in options is never opened.
    runtime: { ...options.runtime, corpora: options.corpora?.corpora ?? [] },
  });
  const dependencies = {
    runs,
    logger,
    now,
    policy: {
      defaults: options.config,
      ...(options.allowedModels ? { allowedModels: options.allowedModels } : {}),
      allowConnectionOptions: options.allowConnectionOptions ?? false,
      ...(options.checkSetup ? { checkSetup: options.checkSetup } : {}),
      corpusIds: options.corpora?.ids ?? [],
    },
  };

  const app = new Hono<AppEnv>();
  const webSocket = createNodeWebSocket({ app });
  app.onError(createErrorHandler(logger));
  app.notFound(notFound(routeMethods(app)));

  app.use('*', async (context, next) => {
    const started = performance.now();
    await next();
    // The path only: query strings may carry an access token.
    logger.log('info', 'request', {
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      durationMs: Math.round(performance.now() - started),
      client: context.get('client'),
    });
  });
  // Without a token any page the browser visits could talk to us by a rebound name: names are checked.
  if (authTokens.length + adminTokens.length === 0)
    app.use('*', checkHost({ names: [...LOOPBACK_NAMES, ...(options.hostNames ?? [])] }));
  const corsOrigins = options.corsOrigins ?? [];
  if (corsOrigins.length > 0) {
    app.use(
      '*',
      cors({
        origin: corsOrigins.includes('*') ? '*' : [...corsOrigins],
        exposeHeaders: ['Retry-After', 'Location'],
      }),
    );
  }
  app.use('*', checkOrigin({ corsOrigins }));
  app.get('/health', (context) => context.json({ status: 'ok', ...runs.counts() }));
  const throttle = new LoginThrottle({
    perAddressPerMinute: options.failedLoginsPerMinute ?? DEFAULT_FAILED_LOGINS_PER_MINUTE,
    overallPerMinute: options.failedLoginsOverallPerMinute ?? DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE,
  });
  app.use('*', bearerAuth({ tokens: authTokens, adminTokens, throttle }));
  app.use('*', rateLimit({ requestsPerMinute: options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE }));
  app.use('/api/*', requireJsonBody());
  app.use('/v1/*', requireJsonBody());
  app.use(
    '*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(
          'payload_too_large',
          `The request body is larger than ${options.maxBodyBytes ?? MAX_BODY_BYTES} bytes.`,
        );
      },
    }),
  );

  app.route('/api/runs', runsRoutes(dependencies));
  app.route('/api/runs', eventsRoutes(dependencies));
  app.route('/api/runs', wsRoutes(dependencies, webSocket.upgradeWebSocket));
  app.route('/api/metrics', metricsRoutes(dependencies));
  app.route('/api/evals', evalsRoutes(createEvalFolders({ roots: options.evalDirs ?? [] })));
  app.route('/api/settings', settingsRoutes(dependencies));
  app.route('/api/corpora', corporaRoutes(dependencies, options.corpora));
  app.route('/v1', openAiRoutes(dependencies));
  const mcp = mcpEndpoint(dependencies, {
    corsOrigins,
    ...(options.corpora ? { corpora: options.corpora.corpora } : {}),
    ...(options.sourceCache ? { sourceCache: options.sourceCache } : {}),
    ...(options.runtime ? { runtime: options.runtime } : {}),
  });
  app.all('/mcp', (context) => mcp.handle(context));
  app.use('*', serveWebUi(options.webDirectory ? { directory: options.webDirectory } : {}));
  return {
    app,
    runs,
    injectWebSocket: webSocket.injectWebSocket,
    closeWebSockets() {
      for (const client of webSocket.wss.clients) client.close(1001, 'server shutting down');
    },
    closeMcpSessions: () => mcp.close(),
  };
}
