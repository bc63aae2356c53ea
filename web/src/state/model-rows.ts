import { type MetricsReport, type RunMetrics, summarizeFigures } from '../../../src/contract/index.js';

/** One model's line in the run panel and the dashboard. */
export interface ModelRow {
  /** `provider:model`. */
  model: string;
  calls: number;
  failed: number;
  /** Calls it took in place of a role's own model. */
  fallbacks: number;
  /** Times it was skipped for a while after failing calls in a row. */
  cooldowns: number;
  /** Latency percentiles in milliseconds (null: no call with a known duration). */
  p50Ms: number | null;
  p95Ms: number | null;
  totalTokens: number;
  /** `null` when some call's price is unknown. */
  costUsd: number | null;
}

const byCalls = (rows: ModelRow[]) =>
  rows.sort((left, right) => right.calls - left.calls || left.model.localeCompare(right.model));

/** The models of one run, most called first; latency from the durations of its calls. */
export function runModelRows(metrics: RunMetrics): ModelRow[] {
  return byCalls(
    Object.entries(metrics.models ?? {}).map(([model, { durationsMs, ...figures }]) => {
      const latency = summarizeFigures(durationsMs);
      return { model, ...figures, p50Ms: latency.p50, p95Ms: latency.p95 };
    }),
  );
}

/** The models of a metrics report (absent in reports of earlier servers: none), most called first. */
export function reportModelRows(report: MetricsReport): ModelRow[] {
  return byCalls(
    Object.entries(report.models ?? {}).map(([model, figures]) => ({
      model,
      calls: figures.calls,
      failed: figures.failed,
      fallbacks: figures.fallbacks,
      cooldowns: figures.cooldowns,
      p50Ms: figures.latencyMs.p50,
      p95Ms: figures.latencyMs.p95 ?? null,
      totalTokens: figures.totalTokens,
      costUsd: figures.costUsd,
    })),
  );
}
