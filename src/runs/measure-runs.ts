import type { MetricsReport, RunFigures } from '../contract/index.js';
import type { RunRecord, RunStore } from '../store/index.js';
import { aggregateMetrics } from './metrics.js';

/** Runs read from the store per page while collecting a window. */
const PAGE = 1000;

/**
 * Metrics of the runs created in the `lengthMs` before `to` (`null`: all of them), running runs
 * measured with their `live` figures, over `buckets` equal time slices.
 */
export async function measureRuns(options: {
  store: RunStore;
  /** Which runs count (an owner's, or all). */
  filter: { owner?: string };
  live: (id: string) => RunFigures | undefined;
  window: string;
  lengthMs: number | null;
  to: Date;
  buckets: number;
}): Promise<MetricsReport> {
  const { store, to } = options;
  const createdAfter =
    options.lengthMs === null ? undefined : new Date(to.getTime() - options.lengthMs).toISOString();
  const records: RunRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listRuns({
      limit: PAGE,
      ...options.filter,
      ...(createdAfter ? { createdAfter } : {}),
      ...(cursor ? { cursor } : {}),
    });
    records.push(...page.runs);
    cursor = page.nextCursor;
  } while (cursor);
  const earliest = records.reduce((min, record) => Math.min(min, Date.parse(record.createdAt)), to.getTime());
  const from = createdAfter ? new Date(createdAfter) : new Date(earliest);
  const runs = records.map((record) => {
    const live = options.live(record.id);
    return { record, usage: live?.usage ?? record.usage, metrics: live?.metrics ?? record.metrics };
  });
  return aggregateMetrics({ runs, window: options.window, from, to, buckets: options.buckets });
}
