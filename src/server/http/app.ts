import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import { ALL_RUNS, RunServiceError, silentLogger } from '../../runs/index.js';
import { createMemoryLimits } from '../../store/index.js';
import { MAX_IDEMPOTENCY_KEYS } from '../constants.js';
import { routeMethods } from './allowed-methods.js';
import type { AppEnv } from './app-env.js';
import type { CreateAppOptions, ServerApp } from './app-options.js';
import { createErrorHandler } from './error-handler.js';
import { guardRequests, logRequests } from './guards.js';
import { createIdempotencyKeys } from './idempotency.js';
import { notFound } from './not-found.js';
import { corporaRoutes } from './routes/corpora.js';
import type { RouteDependencies } from './routes/dependencies.js';
import { evalsRoutes } from './routes/evals.js';
import { eventsRoutes } from './routes/events.js';
import { mcpEndpoint } from './routes/mcp.js';
import { metricsRoutes } from './routes/metrics.js';
import { openAiRoutes } from './routes/openai.js';
import { responsesRoutes } from './routes/responses.js';
import { runsRoutes } from './routes/runs.js';
import { settingsRoutes } from './routes/settings.js';
import { wsRoutes } from './routes/ws.js';
import { serveWebUi } from './static-ui.js';

export type { CreateAppOptions, ServerApp } from './app-options.js';

/**
 * The HTTP adapter of a run service: sessions API, SSE and WebSocket events, the OpenAI-compatible
 * endpoint, MCP over Streamable HTTP at `/mcp`, metrics, health and the web UI, with auth, rate
 * limit, body limit, CORS and request logs. `startServer` builds the service, recovers runs cut off
 * by a crash (`runs.recover()`) and serves the app.
 */
export function createApp(options: CreateAppOptions): ServerApp {
  const { runs } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const limits =
    options.limits ?? createMemoryLimits({ now: () => now().getTime(), maxEntries: MAX_IDEMPOTENCY_KEYS });
  const serve = options.serve ?? {};
  const dependencies: RouteDependencies = {
    runs,
    logger,
    now,
    idempotency: createIdempotencyKeys({
      limits,
      now,
      findRun: (runId) =>
        runs.get(runId, ALL_RUNS).catch((error: unknown) => {
          if (error instanceof RunServiceError && error.code === 'run_not_found') return undefined;
          throw error;
        }),
    }),
    policy: {
      defaults: options.config,
      allowedModels: serve.allowedModels,
      checkSetup: options.checkSetup,
      corpusIds: options.corpora?.ids ?? [],
      maxTemperature: serve.maxTemperature,
    },
    publicUrl: serve.publicUrl,
  };

  const app = new Hono<AppEnv>();
  // Upgrades arrive through @hono/node-server's `serve({ websocket })`; no server of its own.
  const webSockets = new WebSocketServer({ noServer: true });
  app.onError(createErrorHandler(logger));
  app.notFound(notFound(routeMethods(app)));
  logRequests(app, logger);
  guardRequests(app, { ...options, limits }, () => runs.liveCounts());

  app.route('/api/runs', runsRoutes(dependencies));
  app.route('/api/runs', eventsRoutes(dependencies));
  app.route('/api/runs', wsRoutes(dependencies, upgradeWebSocket));
  app.route('/api/metrics', metricsRoutes(dependencies));
  app.route('/api/evals', evalsRoutes({ roots: serve.evalDirs ?? [] }));
  app.route('/api/settings', settingsRoutes(dependencies));
  app.route('/api/corpora', corporaRoutes(dependencies, options.corpora));
  app.route('/v1', openAiRoutes(dependencies));
  app.route('/v1/responses', responsesRoutes(dependencies));
  const mcp = mcpEndpoint(dependencies, {
    corsOrigins: serve.corsOrigins ?? [],
    capabilities: options.capabilities,
    corpora: options.corpora?.corpora,
  });
  app.all('/mcp', (context) => mcp.handle(context));
  app.use('*', serveWebUi(options.webDirectory ? { directory: options.webDirectory } : {}));
  return {
    app,
    websocket: { server: webSockets },
    closeWebSockets() {
      for (const client of webSockets.clients) client.close(1001, 'server shutting down');
    },
    closeMcpSessions: () => mcp.close(),
  };
}
