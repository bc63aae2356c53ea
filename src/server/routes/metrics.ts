/**
 * `GET /api/metrics?window=1h|24h|7d|30d|all` (default 24h) — for the metrics dashboard: runs by
 * status, durations (p50/p90/p99), tokens, cost, model calls and per-tool latency and success rate
 * over the window, plus `series`, equal time buckets of runs, completions, failures, tokens and cost.
 * Also `live: { running, queued }` for this process.
 */
import { Hono } from 'hono';
import type { RunRecord } from '../../store/index.js';
import type { AppEnv } from '../app-env.js';
import { METRICS_BUCKETS, METRICS_WINDOWS } from '../constants.js';
import { ApiError } from '../errors.js';
import { aggregateMetrics } from '../metrics.js';
import type { RouteDependencies } from './dependencies.js';

const PAGE = 1000;

export function metricsRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { store, manager, now } = dependencies;
  const routes = new Hono<AppEnv>();
  routes.get('/', async (context) => {
    const window = context.req.query('window') ?? '24h';
    if (!(window in METRICS_WINDOWS)) {
      throw new ApiError(
        'invalid_request',
        `Unknown window "${window}". Known: ${Object.keys(METRICS_WINDOWS).join(', ')}.`,
        {
          field: 'window',
        },
      );
    }
    const to = now();
    const length = METRICS_WINDOWS[window] ?? null;
    const createdAfter = length === null ? undefined : new Date(to.getTime() - length).toISOString();
    const records: RunRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.listRuns({
        limit: PAGE,
        ...(createdAfter ? { createdAfter } : {}),
        ...(cursor ? { cursor } : {}),
      });
      records.push(...page.runs);
      cursor = page.nextCursor;
    } while (cursor);
    const earliest = records.reduce(
      (min, record) => Math.min(min, Date.parse(record.createdAt)),
      to.getTime(),
    );
    const from = createdAfter ? new Date(createdAfter) : new Date(earliest);
    const runs = records.map((record) => {
      const live = manager.liveFigures(record.id);
      return { record, usage: live?.usage ?? record.usage, metrics: live?.metrics ?? record.metrics };
    });
    return context.json({
      ...aggregateMetrics({ runs, window, from, to, buckets: METRICS_BUCKETS }),
      live: manager.counts(),
    });
  });
  return routes;
}
