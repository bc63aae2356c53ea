import type { FigureSummary } from './api.js';

/**
 * Count, mean, percentiles (nearest rank) and maximum of a list of numbers (null when empty): the
 * latency figures of `/api/metrics`, and those the UI shows for one run.
 */
export function summarizeFigures(values: readonly number[]): FigureSummary {
  if (values.length === 0) {
    return { count: 0, mean: null, p50: null, p90: null, p95: null, p99: null, max: null };
  }
  const sorted = [...values].sort((a, b) => a - b);
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? null;
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? null,
  };
}
