import type { EvaluationCheck } from '../contract/index.js';
import type { Source } from '../reader/types.js';
import { canonicalUrl } from '../shared/index.js';
import { createKnowledge, type Knowledge } from './evidence/knowledge.js';
import { createUrlPool, type UrlPool } from './sources/url-pool.js';
import type { Reference, ResolvedResearchOptions, SubQuestion } from './types.js';

/** An answer the run wrote, with its verified references. */
export interface Draft {
  attempt: number;
  answer: string;
  references: Reference[];
  /** Evaluation checks it passed. */
  checksPassed: number;
}

/** Everything the loop knows and counts; step modules read and update it. */
export interface RunState {
  runId: string;
  question: string;
  options: ResolvedResearchOptions;
  startedAt: number;
  step: number;
  subQuestions: SubQuestion[];
  /** The planner said the question needs no research (greeting, arithmetic...). */
  trivial: boolean;
  knowledge: Knowledge;
  pool: UrlPool;
  /** Read sources by normalised URL (asked-for and final URL). */
  sources: Map<string, Source>;
  /** Normalised queries already searched, in order. */
  queries: string[];
  /** Normalised answer texts already drafted. */
  answerTexts: Set<string>;
  drafts: Draft[];
  /** Search, read and deep-read steps that ran: a first-step answer has none. */
  researchSteps: number;
  answerAttempts: number;
  consecutiveFailures: number;
  repeatedActions: number;
  largestStepTokens: number;
  /** Checks the evaluator chose for this question (decided once, at the first answer). */
  checks: EvaluationCheck[] | undefined;
  checkFailures: Map<EvaluationCheck, number>;
  /** What went wrong in the last step, told to the planner in the next prompt. */
  lastStepNote: string | undefined;
  nextSubQuestionId: number;
}

/** A fresh state for a run of `question` under `config`. */
export function createRunState(options: {
  runId: string;
  question: string;
  config: ResolvedResearchOptions;
  startedAt: number;
}): RunState {
  return {
    runId: options.runId,
    question: options.question,
    options: options.config,
    startedAt: options.startedAt,
    step: 0,
    subQuestions: [],
    trivial: false,
    knowledge: createKnowledge(),
    pool: createUrlPool(options.config),
    sources: new Map(),
    queries: [],
    answerTexts: new Set(),
    drafts: [],
    researchSteps: 0,
    answerAttempts: 0,
    consecutiveFailures: 0,
    repeatedActions: 0,
    largestStepTokens: 0,
    checks: undefined,
    checkFailures: new Map(),
    lastStepNote: undefined,
    nextSubQuestionId: 1,
  };
}

/** Stores a read source under its asked-for and final URL and adds its passages to knowledge. */
export function rememberSource(state: RunState, source: Source): void {
  state.sources.set(canonicalUrl(source.url), source);
  state.sources.set(canonicalUrl(source.finalUrl), source);
  state.pool.markRead(source.url);
  state.pool.markRead(source.finalUrl);
  state.knowledge.addSource(source);
}

/** Lower-cased, whitespace-collapsed form used to spot repeated queries and answers. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The best draft so far: most checks passed, then most verified references, then the latest. */
export function bestDraft(state: RunState): Draft | undefined {
  let best: Draft | undefined;
  const score = (draft: Draft) =>
    draft.checksPassed * 100 + draft.references.filter((reference) => reference.verified).length;
  for (const draft of state.drafts) {
    if (!best || score(draft) >= score(best)) best = draft;
  }
  return best;
}

/** Open sub-questions joined with the question: the query passages are ranked against. */
export function focusQuery(state: RunState): string {
  const open = state.subQuestions.filter((item) => item.status === 'open').map((item) => item.text);
  return [state.question, ...open].join(' ');
}
