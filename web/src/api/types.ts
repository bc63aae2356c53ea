import type { Reference, RunState, StopReason, Usage } from '../events.js';

/** One row of `GET /api/runs`. */
export interface RunSummary {
  id: string;
  question: string;
  status: RunState;
  model: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  stopReason: StopReason | null;
  usage: Usage;
  steps: number;
  eventCount: number;
}

export interface RunList {
  /** Newest first. */
  runs: RunSummary[];
  nextCursor?: string;
}

/** `GET /api/runs/:id`. */
export interface RunDetail {
  id: string;
  question: string;
  status: RunState;
  options: Record<string, unknown>;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  result: { answer: string; references: Reference[]; stopReason: StopReason } | null;
  usage: Usage;
  eventCount: number;
  error?: { code: string; message: string };
}

/** Options the ask form may send; the server validates them against the research config schema. */
export interface RunOptionsInput {
  model?: string;
  search?: string[];
  tokenBudget?: number;
  maxSteps?: number;
  maxTimeSeconds?: number;
  maxAnswerAttempts?: number;
  report?: boolean;
  boostHosts?: string[];
  excludeHosts?: string[];
  onlyHosts?: string[];
}

/** Percentiles of a list of figures; null when there were none. */
export interface Summary {
  count: number;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
}

/** `GET /api/metrics?window=…` (src/server/metrics.ts). */
export interface MetricsReport {
  window: string;
  from: string;
  to: string;
  runs: { total: number; byStatus: Record<RunState, number> };
  durationMs: Summary;
  tokens: { input: number; output: number; total: number };
  costUsd: number;
  runsWithUnknownCost: number;
  llm: { calls: number; failed: number; successRate: number | null };
  tools: Record<string, { calls: number; succeeded: number; successRate: number | null; latencyMs: Summary }>;
  series: {
    start: string;
    runs: number;
    completed: number;
    failed: number;
    totalTokens: number;
    costUsd: number;
  }[];
  live?: { running: number; queued: number };
}
