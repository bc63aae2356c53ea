import type { Usage } from '../contract/index.js';
import {
  addCost,
  type MetricsReport,
  type ModelMetrics,
  RUN_STATUSES,
  type RunMetrics,
  type RunStatus,
  summarizeFigures,
} from '../contract/index.js';
import type { RunRecord } from '../store/index.js';
import { averageScores, overallScore } from './evaluation-average.js';

/** A run as metrics see it: its record, with live usage and metrics for running runs. */
export interface MeasuredRun {
  record: RunRecord;
  usage: Usage;
  metrics: RunMetrics;
}

/** Two models' figures added up (the first absent: the second alone). */
function addModelMetrics(total: ModelMetrics | undefined, model: ModelMetrics): ModelMetrics {
  if (!total) return { ...model, durationsMs: [...model.durationsMs] };
  return {
    calls: total.calls + model.calls,
    failed: total.failed + model.failed,
    fallbacks: total.fallbacks + model.fallbacks,
    cooldowns: total.cooldowns + model.cooldowns,
    totalTokens: total.totalTokens + model.totalTokens,
    costUsd: addCost(total.costUsd, model.costUsd),
    durationsMs: [...total.durationsMs, ...model.durationsMs],
  };
}

function durationOf(record: RunRecord): number | undefined {
  if (record.result) return record.result.durationMs;
  if (record.startedAt && record.endedAt) return Date.parse(record.endedAt) - Date.parse(record.startedAt);
  return undefined;
}

/**
 * `GET /api/metrics`: runs by status, durations, tokens, cost, model calls, per-tool latency and
 * success rate over the window, and a time series of `buckets` equal slices of it.
 */
export function aggregateMetrics(options: {
  runs: readonly MeasuredRun[];
  window: string;
  from: Date;
  to: Date;
  buckets: number;
}): MetricsReport {
  const { runs, from, to } = options;
  const byStatus = Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])) as Record<RunStatus, number>;
  const tokens = { input: 0, output: 0, total: 0 };
  let costUsd = 0;
  let runsWithUnknownCost = 0;
  const llm = { calls: 0, failed: 0 };
  const models = new Map<string, ModelMetrics>();
  const tools = new Map<string, { calls: number; succeeded: number; durations: number[] }>();
  const durations: number[] = [];
  const span = Math.max(1, to.getTime() - from.getTime());
  const bucketMs = span / options.buckets;
  const series = Array.from({ length: options.buckets }, (_, index) => ({
    start: new Date(from.getTime() + index * bucketMs).toISOString(),
    runs: 0,
    completed: 0,
    failed: 0,
    totalTokens: 0,
    costUsd: 0,
    evaluationScore: null as number | null,
  }));
  const bucketScores = series.map(() => [] as number[]);
  for (const { record, usage, metrics } of runs) {
    byStatus[record.status] += 1;
    tokens.input += usage.inputTokens;
    tokens.output += usage.outputTokens;
    tokens.total += usage.totalTokens;
    // A run that used no tokens (no model call, or only failed ones) has no cost to know: its $0 says
    // nothing about prices, as in the CLI.
    if (usage.costUsd === null || usage.totalTokens === 0) runsWithUnknownCost += 1;
    else costUsd += usage.costUsd;
    llm.calls += metrics.llmCalls;
    llm.failed += metrics.failedLlmCalls;
    for (const [id, model] of Object.entries(metrics.models ?? {})) {
      models.set(id, addModelMetrics(models.get(id), model));
    }
    for (const [name, tool] of Object.entries(metrics.tools)) {
      const total = tools.get(name) ?? { calls: 0, succeeded: 0, durations: [] };
      total.calls += tool.calls;
      total.succeeded += tool.succeeded;
      total.durations.push(...tool.durationsMs);
      tools.set(name, total);
    }
    const duration = durationOf(record);
    if (duration !== undefined && record.endedAt) durations.push(duration);
    const slot = Math.min(
      options.buckets - 1,
      Math.floor((Date.parse(record.createdAt) - from.getTime()) / bucketMs),
    );
    const bucket = series[Math.max(0, slot)];
    if (bucket) {
      bucket.runs += 1;
      if (record.status === 'completed' || record.status === 'best_effort') bucket.completed += 1;
      if (record.status === 'failed') bucket.failed += 1;
      bucket.totalTokens += usage.totalTokens;
      bucket.costUsd += usage.costUsd ?? 0;
      const score = overallScore(record.result);
      if (score !== undefined) bucketScores[Math.max(0, slot)]?.push(score);
    }
  }
  return {
    window: options.window,
    from: from.toISOString(),
    to: to.toISOString(),
    runs: { total: runs.length, byStatus },
    durationMs: summarizeFigures(durations),
    tokens,
    costUsd,
    runsWithUnknownCost,
    llm: { ...llm, successRate: llm.calls === 0 ? null : (llm.calls - llm.failed) / llm.calls },
    models: Object.fromEntries(
      [...models].map(([id, { durationsMs, ...model }]) => [
        id,
        {
          ...model,
          successRate: model.calls === 0 ? null : (model.calls - model.failed) / model.calls,
          latencyMs: summarizeFigures(durationsMs),
        },
      ]),
    ),
    tools: Object.fromEntries(
      [...tools].map(([name, tool]) => [
        name,
        {
          calls: tool.calls,
          succeeded: tool.succeeded,
          // Calls still running have no outcome yet: the rate is over finished calls.
          successRate: tool.durations.length === 0 ? null : tool.succeeded / tool.durations.length,
          latencyMs: summarizeFigures(tool.durations),
        },
      ]),
    ),
    series: series.map((bucket, index) => {
      const scores = bucketScores[index] ?? [];
      const mean = scores.length === 0 ? null : scores.reduce((sum, value) => sum + value, 0) / scores.length;
      return { ...bucket, evaluationScore: mean === null ? null : Math.round(mean * 10) / 10 };
    }),
    evaluation: averageScores(runs.map(({ record }) => record.result)),
  };
}
