import type { RunMetrics } from './metrics.js';
import type { EvaluationScores, ResearchResult, StopReason } from './research.js';
import type { RunStatus } from './runs.js';
import type { Usage } from './usage.js';

/** One row of `GET /api/runs`. */
export interface RunSummary {
  id: string;
  question: string;
  status: RunStatus;
  model: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  stopReason: StopReason | null;
  usage: Usage;
  steps: number;
  eventCount: number;
}

/** `GET /api/runs`: a page of runs, newest first. */
export interface RunList {
  runs: RunSummary[];
  /** Present when more runs follow. */
  nextCursor?: string;
}

/** `GET /api/runs/:id`: a run with live usage and metrics while it runs. */
export interface RunDetail {
  id: string;
  question: string;
  status: RunStatus;
  /** The run's validated options, secrets removed. */
  options: Record<string, unknown>;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  result: ResearchResult | null;
  usage: Usage;
  metrics: RunMetrics;
  eventCount: number;
  error?: { code: string; message: string };
}

/** `POST /api/runs` answer. */
export interface RunCreated {
  id: string;
  status: RunStatus;
}

/** Options a browser may send with a new run; the server validates them like the CLI's. */
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

/** Count, mean and percentiles of a list of figures; `null` when there were none. */
export interface FigureSummary {
  count: number;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
}

/** `GET /api/metrics?window=…`: runs, durations, tokens, cost and tools over a time window. */
export interface MetricsReport {
  window: string;
  from: string;
  to: string;
  runs: { total: number; byStatus: Record<RunStatus, number> };
  durationMs: FigureSummary;
  tokens: { input: number; output: number; total: number };
  costUsd: number;
  runsWithUnknownCost: number;
  llm: { calls: number; failed: number; successRate: number | null };
  tools: Record<
    string,
    { calls: number; succeeded: number; successRate: number | null; latencyMs: FigureSummary }
  >;
  series: {
    start: string;
    runs: number;
    completed: number;
    failed: number;
    totalTokens: number;
    costUsd: number;
    /** Mean of the final evaluations' overall scores (0–10) of the slice's runs; null when none. */
    evaluationScore?: number | null;
  }[];
  /** The final evaluations' scores averaged over the window's graded runs (`average` null when none). */
  evaluation?: { runs: number; average: EvaluationScores | null };
  live?: { running: number; queued: number };
}
