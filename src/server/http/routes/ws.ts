/**
 * `GET /api/runs/:id/ws` — the same events as the SSE stream over a WebSocket: one text message per
 * event (the event as JSON), stored events first, resuming after `?after=N`. When the run ends the
 * server sends `{"type":"end","status":…}` and closes with code 1000.
 */

import { Hono } from 'hono';
import type { UpgradeWebSocket } from 'hono/ws';
import { describeError } from '../../../errors.js';
import type { AppEnv } from '../app-env.js';
import type { RouteDependencies } from './dependencies.js';
import { finalStatus, parseAfter } from './events.js';

/** The WebSocket route; `upgradeWebSocket` comes from `@hono/node-server`. */
export function wsRoutes(dependencies: RouteDependencies, upgradeWebSocket: UpgradeWebSocket): Hono<AppEnv> {
  const { runs, logger } = dependencies;
  const routes = new Hono<AppEnv>();
  routes.get(
    '/:id/ws',
    async (context, next) => {
      await runs.get(context.req.param('id'), context.get('access'));
      parseAfter(context.req.query('after'), 'after');
      await next();
    },
    upgradeWebSocket((context) => {
      const id = context.req.param('id') ?? '';
      const after = parseAfter(context.req.query('after'), 'after');
      const access = context.get('access');
      const controller = new AbortController();
      return {
        onOpen(_event, socket) {
          const pump = async () => {
            for await (const event of await runs.follow(id, { after, signal: controller.signal }, access)) {
              socket.send(JSON.stringify(event));
            }
            if (controller.signal.aborted) return;
            socket.send(JSON.stringify({ type: 'end', status: await finalStatus(runs, id) }));
            socket.close(1000, 'run ended');
          };
          pump().catch((error) => {
            logger.log('error', 'websocket stream failed', { runId: id, error: describeError(error) });
            socket.close(1011, 'stream failed');
          });
        },
        onClose() {
          controller.abort();
        },
      };
    }),
  );
  return routes;
}
