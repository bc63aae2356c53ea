import type { VerifyReport } from './archive.js';
import type { ResearchResult, StopReason } from './ending.js';
import type { EvaluationScores } from './evaluation.js';
import type { InputRequest } from './input.js';
import type { RunMetrics } from './metrics.js';
import type { RunStatus } from './runs.js';
import type { Usage } from './usage.js';

/**
 * Longest question a run may take, in characters, on every surface: `question` of `POST /api/runs`,
 * the last user message of `/v1` with the earlier ones passed along as its context, and the
 * `research` tool of MCP.
 */
export const MAX_QUESTION_CHARS = 20_000;

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
  /** While `status` is `needs_input`: what the run waits for (`POST /api/runs/:id/input` answers it). */
  input?: InputRequest;
  /** While `status` is `needs_input`: ISO-8601 time after which the run is cancelled unanswered. */
  inputDeadline?: string;
  /** The last re-check of the run's quotes (`POST /api/runs/:id/verify`); absent before the first. */
  verification?: VerifyReport;
  /** Whether the server keeps an archive of the run's pages (`GET /api/runs/:id/archive`). */
  hasArchive?: boolean;
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
  /** Ids of registered corpora (`GET /api/corpora`) to research; never folder paths. */
  corpora?: string[];
  /** With corpora: also search and read the web. */
  web?: boolean;
  /** Ask up to three clarifying questions first when the question is ambiguous. */
  clarify?: boolean;
  /** Wait for the plan to be reviewed (edited, confirmed) before any research. */
  reviewPlan?: boolean;
}

/**
 * `GET /api/settings`: what a client may choose for its runs and what it gets when it chooses
 * nothing — the server's model, the models it may name, and each search provider with whether this
 * server can use it (a keyed provider without its key cannot).
 */
export interface ServerSettings {
  /** The model a run uses when the client names none. */
  model: string;
  /** Models a client may name (`provider:*` patterns excluded). */
  models: string[];
  /** The search providers a run uses when the client names none. */
  search: string[];
  searchProviders: { id: string; usable: boolean }[];
}

/** Count, mean and percentiles of a list of figures; `null` when there were none. */
export interface FigureSummary {
  count: number;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
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
  /**
   * Model calls by model id (`provider:model`): failures, calls made as a fallback in place of the
   * role's model, cooldowns started, latency of every call, tokens and cost (`null` when some
   * call's price is unknown). Absent in reports of earlier versions.
   */
  models?: Record<
    string,
    {
      calls: number;
      failed: number;
      fallbacks: number;
      cooldowns: number;
      successRate: number | null;
      latencyMs: FigureSummary;
      totalTokens: number;
      costUsd: number | null;
    }
  >;
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

/** One row of `GET /api/corpora`: a folder the server registered, named by id (never by path). */
export interface CorpusInfo {
  /** What runs name in `options.corpora`. */
  id: string;
  /** The folder's name, for people. */
  name: string;
  /** Files and passages in its index. */
  files: number;
  chunks: number;
  /** ISO-8601 time of the last (re-)index. */
  indexedAt: string;
}

/** `GET /api/corpora`. */
export interface CorpusList {
  corpora: CorpusInfo[];
}

/**
 * Formats of a run's report (`GET /api/runs/:id/report?format=…`, `deepresearch … --out FILE`):
 * the one markdown document, and the same document as HTML, PDF and DOCX.
 */
export const REPORT_FORMATS = ['markdown', 'html', 'pdf', 'docx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
