import type { Usage } from './usage.js';

/** Why a sub-question is on the checklist. */
export type SubQuestionIntent = 'explore' | 'deep-dive' | 'fact-check' | 'related';

/** One item of the plan's checklist; later steps close it or add new ones. */
export interface SubQuestion {
  id: string;
  text: string;
  intent: SubQuestionIntent;
  status: 'open' | 'closed';
  /** Why it was closed, or what is still missing. */
  note?: string;
}

/** A citation. `verified` is true only when `quote` was found in the stored text of `url`. */
export interface Reference {
  url: string;
  title: string;
  quote: string;
  verified: boolean;
}

/** How a run ended, as its result says. */
export type ResultStatus = 'completed' | 'best_effort' | 'failed' | 'cancelled';

export type StopReason =
  | 'evaluation_passed'
  | 'direct_answer'
  | 'token_budget'
  | 'max_steps'
  | 'time_limit'
  | 'repeated_failures'
  | 'repeated_action'
  | 'answer_attempts'
  | 'authentication'
  | 'model_unreachable'
  | 'cancelled'
  | 'error';

/** The loop's actions, as chosen by the planner model. */
export type ActionKind = 'search' | 'read' | 'deep-read' | 'reflect' | 'answer';

/** The model roles; each may use its own model. */
export type ModelRole = 'planner' | 'evaluator' | 'writer';

/** What the evaluator checks an answer for. */
export type EvaluationCheck = 'definitive' | 'freshness' | 'plurality' | 'completeness' | 'strict';

/** What every run returns, whatever happened. */
export interface ResearchResult {
  runId: string;
  question: string;
  status: ResultStatus;
  stopReason: StopReason;
  /** Markdown answer (or report with `report: true`); empty only when nothing could be produced. */
  answer: string;
  references: Reference[];
  usage: Usage;
  llmCalls: number;
  steps: number;
  durationMs: number;
  /** Present when status is `failed`: what went wrong, for people. */
  error?: { code: string; message: string };
}

/** What the run learned; the engine's memory, rebuilt from `knowledge-add` events on resume. */
export interface KnowledgeItem {
  kind: 'fact' | 'source-summary' | 'evaluation-feedback' | 'qa' | 'note';
  content: string;
  question?: string;
  url?: string;
}
