/**
 * Evaluations (`deepresearch eval`): their summary figures, as `summary.json` holds them, and the
 * server's `/api/evals` shapes the web UI reads.
 */

/** Dataset formats `deepresearch eval` reads; detected from the content unless `--format` says. */
export const DATASET_FORMATS = [
  'hotpotqa',
  'hotpotqa-fullwiki',
  'simpleqa',
  'frames',
  'browsecomp',
  'jsonl',
] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** Accuracy figures of a group of results (a question type, a level, or all). */
export interface GroupFigures {
  n: number;
  /** Share judged correct (with a judge) or exactly matched (without), 0–1. */
  accuracy: number;
  em: number;
  f1: number;
}

/** SimpleQA's aggregate figures over the judged results. */
export interface JudgeFigures {
  model: string;
  graded: number;
  /** Judge calls that failed (no grade). */
  failed: number;
  correct: number;
  incorrect: number;
  notAttempted: number;
  /** correct / (correct + incorrect). */
  accuracyGivenAttempted: number;
  /** Harmonic mean of `correct` and `accuracyGivenAttempted`, as SimpleQA reports it. */
  f1: number;
  costUsd: number | null;
}

/** What `summary.json` holds. Shares are fractions 0–1 over the finished questions. */
export interface EvalSummary {
  dataset: string;
  format: DatasetFormat;
  /** Questions selected for this evaluation. */
  questions: number;
  /** Questions with a result line. */
  finished: number;
  accuracy: number;
  /** What `accuracy` measures: `judge` (graded correct) or `em` (exact match). */
  accuracyBy: 'judge' | 'em';
  em: number;
  f1: number;
  precision: number;
  recall: number;
  judge?: JudgeFigures;
  citations: {
    references: number;
    verified: number;
    /** verified / references (0 when there are none). */
    verifiedShare: number;
    claims?: { total: number; supported: number; unsupported: number; supportedShare: number };
  };
  status: Record<string, number>;
  stopReasons: Record<string, number>;
  tokens: { total: number; mean: number };
  /** Research cost; null when some model's price is unknown (never a false 0). */
  costUsd: { total: number | null; mean: number | null };
  durationMs: { mean: number; median: number; p90: number; max: number };
  byType: (GroupFigures & { type: string })[];
  byLevel: (GroupFigures & { level: string })[];
}

/** One evaluation folder the server found (`GET /api/evals`): its summary over the lines so far. */
export interface EvalListItem {
  /** Opaque id of the folder, for `GET /api/evals/:id`. */
  id: string;
  /** The folder's name, e.g. `eval-hotpot_dev`. */
  name: string;
  /** When the evaluation (or its last `--resume`) started, ISO-8601. */
  startedAt?: string;
  /** The research model of its runs, e.g. `openai:gpt-4o-mini`. */
  model?: string;
  summary: EvalSummary;
  /**
   * What could not be read: lines of `results.jsonl` left out (not JSON, a field missing), a file
   * longer than the server reads, a damaged `eval.json`. The figures cover the rest.
   */
  warnings?: string[];
}

/** `GET /api/evals`: newest first. */
export interface EvalList {
  evals: EvalListItem[];
}

/** One question of an evaluation as the UI lists it (a `results.jsonl` line without the long texts). */
export interface EvalQuestionRow {
  id: string;
  question: string;
  gold: string;
  /** What was scored: the answer without citation markers. */
  prediction: string;
  types: string[];
  /** The stored run; the UI opens it at `/runs/:runId`. */
  runId: string;
  status: string;
  stopReason?: string;
  em: number;
  f1: number;
  /** The judge's grade (correct, incorrect, not_attempted), when there was a judge. */
  grade?: string;
  /** Whether it counts as right: the judge's grade when there is one, else exact match. */
  correct: boolean;
  references: number;
  verified: number;
  totalTokens: number;
  /** Null when a model's price is unknown. */
  costUsd: number | null;
  durationMs: number;
}

/** `GET /api/evals/:id`. */
export interface EvalDetail extends EvalListItem {
  questions: EvalQuestionRow[];
}
