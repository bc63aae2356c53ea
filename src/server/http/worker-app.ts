import { Hono } from 'hono';
import { WebSocketServer } from 'ws';
import type { RunManager } from '../../runs/index.js';
import type { AppEnv } from './app-env.js';
import type { ServerApp } from './app-options.js';

/**
 * What a worker node (`serve --role worker`) serves: `GET /health` only, with the runs it executes,
 * for a load balancer or an orchestrator. Clients talk to the API nodes.
 */
export function createWorkerApp(options: { runs: RunManager; nodeId: string }): ServerApp {
  const app = new Hono<AppEnv>();
  app.get('/health', (context) =>
    context.json({ status: 'ok', role: 'worker', node: options.nodeId, running: options.runs.executing() }),
  );
  app.notFound((context) =>
    context.json(
      {
        error: {
          code: 'not_found',
          message: 'This is a worker node: it executes runs and serves only /health. Ask an API node.',
        },
      },
      404,
    ),
  );
  return {
    app,
    // No WebSocket route: an upgrade gets the 404 above.
    websocket: { server: new WebSocketServer({ noServer: true }) },
    closeWebSockets() {},
    async closeMcpSessions() {},
  };
}
