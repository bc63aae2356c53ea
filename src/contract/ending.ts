import type { ClaimsSummary } from './claims.js';
import type { SourceConflict } from './conflicts.js';
import type { AnswerEvaluation } from './evaluation.js';
import type { RunImage } from './images.js';
import type { InputRequest } from './input.js';
import type { MemoryUse } from './memory-use.js';
import type { SubQuestionOutcome } from './plan.js';
import type { Reference } from './references.js';
import type { Usage } from './usage.js';

/**
 * How a run ended, as its result says; `needs_input` when it paused for a person's input (clarifying
 * answers, a plan review) with no way to ask in process: its `input` says what it waits for.
 */
export type ResultStatus = 'completed' | 'best_effort' | 'failed' | 'cancelled' | 'needs_input';

export type StopReason =
  | 'evaluation_passed'
  | 'direct_answer'
  | 'token_budget'
  | 'max_steps'
  | 'time_limit'
  | 'repeated_failures'
  | 'repeated_action'
  | 'answer_attempts'
  | 'check_failed'
  /** The budget ran out while too few of the answer's sentences were supported (see `minSupport`). */
  | 'unsupported_claims'
  /** The run ended before its answer stood on sources dated within the window its question asks for. */
  | 'stale_sources'
  | 'authentication'
  | 'model_unreachable'
  | 'cancelled'
  /** The run paused for a person's input (status `needs_input`). */
  | 'awaiting_input'
  /** No answer came within the wait for input (`inputWaitSeconds`); the run was cancelled. */
  | 'input_timeout'
  | 'error';

/** How a run ended: what its `run-end` event and its result both say. */
export interface RunEnding {
  /** Never `needs_input`: a paused run has not ended. */
  status: Exclude<ResultStatus, 'needs_input'>;
  stopReason: StopReason;
  /** Markdown answer (or report with `report: true`); empty only when nothing could be produced. */
  answer: string;
  references: Reference[];
  /** The answer's sentences checked against their quotes; all zero when nothing was checked. */
  claims: ClaimsSummary;
  /** Words in the answer (references list and citation markers not counted). */
  words: number;
  usage: Usage;
  llmCalls: number;
  steps: number;
  durationMs: number;
  /** The final evaluation, present for every finished run with an answer (forced ones included). */
  evaluation?: AnswerEvaluation;
  /**
   * Each sub-question of the plan (and of reflection and critique) and where it stood at the end;
   * absent when the run made no plan.
   */
  subQuestions?: SubQuestionOutcome[];
  /** Quantities the sources disagree on (see `SourceConflict`); absent when none was found. */
  conflicts?: SourceConflict[];
  /** Earlier runs whose findings the planner was given (see the `memory` event); absent when none. */
  memories?: MemoryUse[];
  /**
   * Up to 3 questions worth asking next (each one line, ending with `?`), made from the sub-questions
   * left open or unanswerable, the conflicts and the evaluator's critique; absent when there was no
   * answer or nothing to follow up.
   */
  followUps?: string[];
  /**
   * Images of the pages read, with their alt text: those of the pages the answer cites first (in
   * citation order), then the other pages' in reading order, at most `MAX_RUN_IMAGES`; absent when
   * no page read had one.
   */
  images?: RunImage[];
}

/** What every run returns, whatever happened: its ending, and what went wrong when it failed. */
export interface ResearchResult extends Omit<RunEnding, 'status'> {
  status: ResultStatus;
  runId: string;
  question: string;
  /** Present when status is `failed`: what went wrong, for people. */
  error?: { code: string; message: string };
  /** Present when status is `needs_input`: what the run waits for. */
  input?: InputRequest;
}
