import type { EvaluationCheck } from '../contract/index.js';
import type { Source } from '../reader/index.js';
import { canonicalUrl } from '../shared/index.js';
import { createFindingStore, type FindingStore } from './evidence/findings.js';
import { createKnowledge, type Knowledge } from './evidence/knowledge.js';
import { createUrlPool, type UrlPool } from './sources/url-pool.js';
import type { ClaimsSummary, Perspective, Reference, ResolvedResearchOptions, SubQuestion } from './types.js';

/** One step as the planner lived it: what it thought, what it did and what it saw. */
export interface DiaryEntry {
  step: number;
  thought: string;
  /** The action's kind (`search`, `read`…). */
  kind: string;
  /** The action's fields, in short. */
  action: string;
  observations: string[];
}

/** Where the run is in the critique before synthesis. */
export interface CritiqueState {
  /** The critique ran (it runs once per run). */
  done: boolean;
  /** Gap filling is under way: the writer runs when the planner says ready or the steps run out. */
  active: boolean;
  /** Gap-filling steps left. */
  stepsLeft: number;
}

/** An answer the run wrote, with its references and what verification found. */
export interface Draft {
  attempt: number;
  answer: string;
  references: Reference[];
  claims: ClaimsSummary;
  /** Words of the answer, references list and markers not counted. */
  words: number;
  /** Evaluation checks it passed. */
  checksPassed: number;
}

/** A note that summarises a sub-question's findings that did not fit, for the findings it covers. */
export interface OverflowNote {
  /** Ids of the summarised findings, joined: the note is reused while they stay the same. */
  key: string;
  note: string;
}

/** Everything the loop knows and counts; step modules read and update it. */
export interface RunState {
  runId: string;
  question: string;
  options: ResolvedResearchOptions;
  startedAt: number;
  step: number;
  subQuestions: SubQuestion[];
  /** The angles the plan covers; every sub-question belongs to one (see `perspectives.ts`). */
  perspectives: Perspective[];
  /** The planner said the question needs no research (greeting, arithmetic...). */
  trivial: boolean;
  knowledge: Knowledge;
  /** Claims with verified quotes, from every page read. */
  findings: FindingStore;
  /** Findings the extractor gave whose quotes were not in the page (or that were malformed). */
  droppedFindings: number;
  /** `evidenceMark` when the latest draft was written: a new draft needs new evidence. */
  findingsAtLastDraft: number | undefined;
  /** Notes summarising overflowing findings, by sub-question id. */
  overflowNotes: Map<string, OverflowNote>;
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
  /** Consecutive steps that repeated the same kind of action without progress. */
  repeatedActions: number;
  /** Kind of the action the last repeat was of. */
  lastRepeatedKind: string | undefined;
  /** The critique before synthesis and its gap-filling steps. */
  critique: CritiqueState;
  /** Steps added to `maxSteps` (once, up to `extendSteps`) because gaps remained. */
  extendedSteps: number;
  /** The planner's steps so far: thought, action and what it observed. */
  diary: DiaryEntry[];
  largestStepTokens: number;
  /** Checks the evaluator chose for this question (decided once, at the first answer). */
  checks: EvaluationCheck[] | undefined;
  checkFailures: Map<EvaluationCheck, number>;
  /** What went wrong in the last step, told to the planner in the next prompt. */
  lastStepNote: string | undefined;
  nextSubQuestionId: number;
  /** What the run did with its local corpora, when it has any (see `corpusProgress`). */
  corpus?: import('./sources/corpus-progress.js').CorpusProgress;
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
    perspectives: [],
    trivial: false,
    knowledge: createKnowledge(),
    findings: createFindingStore(),
    droppedFindings: 0,
    findingsAtLastDraft: undefined,
    overflowNotes: new Map(),
    pool: createUrlPool(options.config),
    sources: new Map(),
    queries: [],
    answerTexts: new Set(),
    drafts: [],
    researchSteps: 0,
    answerAttempts: 0,
    consecutiveFailures: 0,
    repeatedActions: 0,
    lastRepeatedKind: undefined,
    critique: { done: false, active: false, stepsLeft: 0 },
    extendedSteps: 0,
    diary: [],
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

/** The best draft so far: most checks passed, then most supported claims, then the latest. */
export function bestDraft(state: RunState): Draft | undefined {
  let best: Draft | undefined;
  const score = (draft: Draft) => draft.checksPassed * 10_000 + draft.claims.supported;
  for (const draft of state.drafts) {
    if (!best || score(draft) >= score(best)) best = draft;
  }
  return best;
}

/** The question with every sub-question, open or closed: the query passages are ranked against. */
export function focusQuery(state: RunState): string {
  return [state.question, ...state.subQuestions.map((item) => item.text)].join(' ');
}

/** One query per sub-question (each with the question), or the question alone before the plan. */
export function subQuestionQueries(state: RunState): string[] {
  if (state.subQuestions.length === 0) return [state.question];
  return state.subQuestions.map((item) => `${state.question} ${item.text}`);
}
