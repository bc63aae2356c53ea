import type { ResearchConfig, ResearchConfigInput } from '../config/index.js';

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

/** Tokens and cost. `costUsd` is `null` when a model's price is unknown (never a false 0). */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number | null;
}

/** A citation. `verified` is true only when `quote` was found in the stored text of `url`. */
export interface Reference {
  url: string;
  title: string;
  quote: string;
  verified: boolean;
}

export type RunStatus = 'completed' | 'best_effort' | 'failed' | 'cancelled';

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
  | 'cancelled'
  | 'error';

/** The loop's actions, as chosen by the agent model. */
export type ActionKind = 'search' | 'read' | 'deep-read' | 'reflect' | 'answer';

/** The question plus the validated options: what `research()` takes. */
export type ResearchOptions = ResearchConfigInput & { question: string };
export type ResolvedResearchOptions = ResearchConfig & { question: string };

/** What every run returns, whatever happened. */
export interface ResearchResult {
  runId: string;
  question: string;
  status: RunStatus;
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

/**
 * What a run is given besides its options: hooks and injected capabilities. Everything is optional;
 * by default the engine builds models, search providers and the reader from the options and env.
 */
export interface ResearchRuntime {
  /** Id of the run (default: a random UUID). */
  runId?: string;
  /** Cancels the run; it ends with status `cancelled` and its best answer so far. */
  signal?: AbortSignal;
  /** Called synchronously with each event, in order, before the next is made. */
  onEvent?: (event: import('./events.js').ResearchEvent) => void;
  /** A ready model layer (tests, custom setups); overrides `languageModels`. */
  llm?: import('../llm/types.js').Llm;
  /** Language models by id (`provider:model`), used instead of the registry's providers. */
  languageModels?: Record<string, import('ai').LanguageModel>;
  /** Search providers to use instead of those named in `options.search`. */
  searchProviders?: import('../search/types.js').SearchProvider[];
  reader?: import('../reader/types.js').Reader;
  /** Cache for sources the default reader fetches (default: in memory). */
  sourceCache?: import('../reader/types.js').SourceCache;
  /** fetch used by providers and the reader (default: global fetch). */
  fetch?: typeof fetch;
  /** Environment read for API keys and URLs (default: process.env), read at call time. */
  env?: Record<string, string | undefined>;
  /** Events of an earlier, interrupted run of the same question: its knowledge is reused. */
  resumeFrom?: import('./events.js').ResearchEvent[];
}
