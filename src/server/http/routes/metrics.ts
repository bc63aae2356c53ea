/**
 * `GET /api/metrics?window=1h|24h|7d|30d|all` (default 24h) — for the metrics dashboard: runs by
 * status, durations (p50/p90/p99), tokens, cost, model calls and per-tool latency and success rate
 * over the window, plus `series`, equal time buckets of runs, completions, failures, tokens and cost.
 * Also `live: { running, queued }` for this process.
 */
import { Hono } from 'hono';
import { METRICS_BUCKETS, METRICS_WINDOWS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import type { RouteDependencies } from './dependencies.js';

export function metricsRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs } = dependencies;
  const routes = new Hono<AppEnv>();
  routes.get('/', async (context) => {
    const window = context.req.query('window') ?? '24h';
    // Own keys only: `__proto__`, `toString` and friends are not windows.
    const lengthMs = Object.hasOwn(METRICS_WINDOWS, window) ? METRICS_WINDOWS[window] : undefined;
    if (lengthMs === undefined) {
      throw new ApiError(
        'invalid_request',
        `Unknown window "${window}". Known: ${Object.keys(METRICS_WINDOWS).join(', ')}.`,
        { field: 'window' },
      );
    }
    return context.json(
      await runs.metrics({ window, lengthMs, buckets: METRICS_BUCKETS }, context.get('access')),
    );
  });
  return routes;
}
