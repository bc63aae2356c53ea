/**
 * `GET /api/runs/:id/events` — the run's events as Server-Sent Events: `id:` is the event index,
 * `event:` its type, `data:` the event as JSON (src/contract/events.ts). Stored events are replayed
 * first, then live ones. Reconnecting with `Last-Event-ID: N` (or `?after=N`) sends exactly the events
 * after N. When the run has ended the stream sends `event: end` with `data: {"status": …}` (no id)
 * and closes: clients should close their EventSource then instead of reconnecting.
 * The stream opens with `retry: SSE_RETRY_MS`, how long a client waits before it reconnects.
 * `?format=json` returns the stored events (after N, if given) as one JSON array instead.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ALL_RUNS } from '../../../runs/index.js';
import { SSE_HEARTBEAT_MS, SSE_RETRY_MS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import type { RouteDependencies } from './dependencies.js';

/** Parses a resume position; absent means from the start (-1). */
export function parseAfter(value: string | undefined, field: string): number {
  if (value === undefined || value === '') return -1;
  if (!/^-?\d+$/.test(value.trim())) {
    throw new ApiError('invalid_request', `"${field}" must be an event index (a whole number).`, { field });
  }
  return Number(value);
}

/** A followed run's status once its events have ended; `deleted` when it was removed meanwhile. */
export async function finalStatus(runs: RouteDependencies['runs'], id: string): Promise<string> {
  // The caller was allowed to follow the run; only its removal meanwhile can make it missing.
  return (await runs.get(id, ALL_RUNS).catch(() => undefined))?.status ?? 'deleted';
}

/** The event stream routes under `/api/runs/:id`. */
export function eventsRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs } = dependencies;
  const routes = new Hono<AppEnv>();

  routes.get('/:id/events', async (context) => {
    const id = context.req.param('id');
    const header = context.req.header('last-event-id');
    const after =
      header !== undefined
        ? parseAfter(header, 'Last-Event-ID')
        : parseAfter(context.req.query('after'), 'after');
    const format = context.req.query('format');
    if (format !== undefined && format !== 'json' && format !== 'sse') {
      throw new ApiError('invalid_request', `Unknown format "${format}": use json, or none for SSE.`, {
        field: 'format',
      });
    }
    if (format === 'json') return context.json(await runs.events(id, { after }, context.get('access')));
    const controller = new AbortController();
    const events = await runs.follow(id, { after, signal: controller.signal }, context.get('access'));
    return streamSSE(context, async (stream) => {
      stream.onAbort(() => controller.abort());
      await stream.write(`retry: ${SSE_RETRY_MS}\n\n`);
      const heartbeat = setInterval(() => {
        void stream.write(': keep-alive\n\n');
      }, SSE_HEARTBEAT_MS);
      try {
        for await (const event of events) {
          await stream.writeSSE({ id: String(event.index), event: event.type, data: JSON.stringify(event) });
        }
        if (!controller.signal.aborted) {
          await stream.writeSSE({
            event: 'end',
            data: JSON.stringify({ status: await finalStatus(runs, id) }),
          });
        }
      } finally {
        clearInterval(heartbeat);
      }
    });
  });

  return routes;
}
