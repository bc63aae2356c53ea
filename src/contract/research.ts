import type { SourceCredibility } from './credibility.js';
import type { RunImage } from './images.js';
import type { InputRequest } from './input.js';
import type { SubQuestionIntent } from './intents.js';
import type { MemoryUse } from './memory-use.js';
import type { Usage } from './usage.js';

export { SUB_QUESTION_INTENTS, type SubQuestionIntent } from './intents.js';

/**
 * How a run chooses its actions: `agent` asks the planner each step (the engine's default policy
 * replaces a malformed, repeated or refused reply); `pipeline` never asks it (plan, every
 * sub-question by the default policy, critique, write); `auto` starts as `agent` and switches to
 * `pipeline` after the planner failed twice.
 */
export const RESEARCH_STRATEGIES = ['auto', 'agent', 'pipeline'] as const;
export type ResearchStrategy = (typeof RESEARCH_STRATEGIES)[number];

/**
 * One angle the plan covers: for a web question a viewpoint or aspect (history, mechanism,
 * criticism, figures…), for a corpus a subsystem (a folder, a module). Every sub-question belongs
 * to one; a perspective is covered when one of its sub-questions has a finding, or when all of
 * them were declared unanswerable.
 */
export interface Perspective {
  /** `p1`, `p2`… in the order planned. */
  id: string;
  /** Short name, e.g. "Criticism" or "src/search". */
  name: string;
  /** What it looks at, in one line (empty when the planner gave none). */
  focus: string;
}

/** Where a sub-question came from: the plan, a reflection of the planner, or the critique's gaps. */
export type SubQuestionOrigin = 'plan' | 'reflection' | 'critique';

/** One item of the plan's checklist; later steps close it or add new ones. */
export interface SubQuestion {
  id: string;
  text: string;
  intent: SubQuestionIntent;
  status: 'open' | 'closed';
  /** Id of the perspective it belongs to (absent in runs stored by earlier versions). */
  perspective?: string;
  /** Where it came from (absent in runs stored by earlier versions: the plan or a reflection). */
  origin?: SubQuestionOrigin;
  /**
   * Why it was closed (the findings that answer it, or "cannot be answered from available
   * sources: <reason>"), or what is still missing.
   */
  note?: string;
}

/**
 * Where a sub-question stood when the answer was given: `covered` by findings, closed as
 * `unanswerable` from the sources (the note says why), or still `open` (the note says what is
 * missing) — what a reader should not expect the answer to settle.
 */
export interface SubQuestionOutcome {
  id: string;
  text: string;
  intent: SubQuestionIntent;
  perspective?: string;
  origin?: SubQuestionOrigin;
  outcome: 'covered' | 'unanswerable' | 'open';
  note?: string;
}

/**
 * A citation: `[n]` in the answer points at the n-th reference. `verified` is true only when the
 * quote is present in the stored text of `url` and was judged to support every sentence citing it.
 */
export interface Reference {
  url: string;
  title: string;
  /** The cited finding's quote (several quotes of one finding are joined by " … "). */
  quote: string;
  verified: boolean;
  /**
   * How relevant the citation is, 0–1: for a verified reference, the lowest share, over the
   * sentences citing it, of the sentence's content words (stemmed, function words left out) that
   * its quotes hold; 0 for a reference that is not verified. What `/v1`'s
   * `min_annotation_relevance` compares with. Absent in runs stored by earlier versions.
   */
  relevance?: number;
  /** Id of the finding the reference was made from (`F12`), when it came from one. */
  findingId?: string;
  /**
   * For a file of a local corpus: its path relative to the corpus root and the lines the quote
   * spans (1-based, inclusive). `verified` then also means the quote is in those lines of the file
   * as it was indexed when read (`contentHash`). `url` is the file's `corpus://` address.
   */
  path?: string;
  startLine?: number;
  endLine?: number;
  /** Id of the corpus the file belongs to. */
  corpus?: string;
  /** sha256 hex of the file as indexed when it was read. */
  contentHash?: string;
  /**
   * For a computed finding: the program, its inputs' finding ids and its output. `verified` then
   * means the program was run again and gave the same output, and its inputs' quotes were found.
   */
  computation?: Pick<FindingComputation, 'language' | 'program' | 'inputs' | 'output'>;
  /** How credible the cited page is and why (web pages only; see `SourceCredibility`). */
  credibility?: SourceCredibility;
}

/**
 * Where a quote sits in its stored source: a character range of a page's text (`end` exclusive),
 * or a line range of a file (1-based, inclusive).
 */
export type QuoteLocation =
  | { kind: 'chars'; start: number; end: number }
  | { kind: 'lines'; start: number; end: number };

/** A verbatim span of a source, found in its stored text at `location`. */
export interface FindingQuote {
  text: string;
  location: QuoteLocation;
}

/**
 * What the extractor learned from one source for one sub-question: a claim and the verbatim quotes
 * that support it. Only quotes found in the stored source are kept; a finding has at least one.
 */
export interface Finding {
  /** `F1`, `F2`… in the order found; what the writer cites. */
  id: string;
  claim: string;
  quotes: FindingQuote[];
  /** The page or file; a file (`corpus://` url) carries the content hash of the version read. */
  source: { url: string; title: string; contentHash?: string };
  /** Id of the sub-question it helps answer (`q2`). */
  subQuestionId: string;
  /** Date of the source or of the statement (ISO-8601 or as the page gives it), when known. */
  publishedAt?: string;
  /** The sub-researcher that found it (see `EventBase.subResearcher`), in runs that have them. */
  subResearcher?: string;
  /**
   * Present for a computed finding: the program and its output (its one quote shows both), and
   * the findings it was computed from, which are its sources.
   */
  computation?: FindingComputation;
}

/**
 * A program the `compute` action ran in the sandbox over findings' figures. Deterministic: a
 * sentence citing it is checked by running the program again on the same inputs. A computed
 * figure is as trustworthy as its inputs: it supports a sentence only when it is reproduced and
 * every input finding's quotes are still in their sources.
 */
export interface FindingComputation {
  language: 'javascript';
  /** The program: a function body reading `inputs` and ending with `return`. */
  program: string;
  /** Ids of the findings whose figures were its inputs (`F1`, `F2`), in order. */
  inputs: string[];
  /** What it returned: a string as is, any other value as JSON. */
  output: string;
  /** What the output is, as the planner put it ("percentage change of sales 2022–2023"). */
  purpose: string;
  /** Milliseconds it ran in the sandbox. */
  durationMs: number;
}

/**
 * The verdict on one sentence of an answer: `supported` by the quotes it cites, `unsupported`
 * (reason says why: quote not found, too short, does not say that, no citation), `not_factual`
 * (a heading-like, transitional or hedging sentence; excluded from the totals), or `unchecked`
 * (nobody could check it: the run was cancelled, the checker failed; reason says which). Unchecked
 * is neither supported nor unsupported.
 */
export interface ClaimVerdict {
  /** The sentence as it reads in the final answer, citation markers removed. */
  text: string;
  verdict: 'supported' | 'unsupported' | 'not_factual' | 'unchecked';
  reason: string;
  /** Numbers of the references the sentence cites in the final answer (none once unsupported). */
  references: number[];
}

/** How many of an answer's factual sentences are supported by their quotes, and which are not. */
export interface ClaimsSummary {
  /**
   * Factual sentences (sentences judged not factual are not counted): supported, unsupported and,
   * when some could not be checked, unchecked.
   */
  total: number;
  supported: number;
  unsupported: { text: string; reason: string }[];
  /**
   * Factual sentences nobody could check (the run was cancelled, the checker failed), with why;
   * absent when every sentence was checked. Not checked is not unsupported.
   */
  unchecked?: { text: string; reason: string }[];
}

/** One value that sources give for a quantity in a conflict, and who gives it. */
export interface ConflictValue {
  /** The value as the first finding giving it writes it (`330 metres`, `1889`). */
  value: string;
  /** Ids of the findings that give it (`F1`). */
  findingIds: string[];
  /** The sources of those findings, each once. */
  urls: string[];
}

/**
 * Findings of one sub-question that give different values for the same quantity (same kind of
 * figure or date, same subject words), e.g. 330 metres against 300 metres for the tower's height.
 * The same value written differently (`330 m`, `330 metres`; `1.5 million`, `1,500,000`) is not a
 * conflict. The answer must state every value with its citations, never one alone.
 */
export interface SourceConflict {
  /** Id of the sub-question the findings answer (`q2`), as in `subQuestions`. */
  subQuestion: string;
  /** What the values are of: the first finding's clause with the value left out (`The tower is … tall`). */
  about: string;
  /** Two or more values, in the order found. */
  values: ConflictValue[];
}

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
  | 'authentication'
  | 'model_unreachable'
  | 'cancelled'
  /** The run paused for a person's input (status `needs_input`). */
  | 'awaiting_input'
  /** No answer came within the wait for input (`inputWaitSeconds`); the run was cancelled. */
  | 'input_timeout'
  | 'error';

/**
 * The loop's actions, as chosen by the planner model. `ready`: enough is known, the writer may
 * answer. `answer` appears only in runs stored by earlier versions. `compute`: run a small program
 * over findings' figures in the sandbox (see `FindingComputation`).
 */
export const ACTION_KINDS = [
  'search',
  'read',
  'deep-read',
  'search_corpus',
  'read_file',
  'resolve_symbol',
  'read_map',
  'reflect',
  'ready',
  'answer',
  'compute',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * The model roles; each may use its own model (and its own temperature). The evaluator also judges
 * each claim against its quotes.
 */
export const MODEL_ROLES = ['planner', 'extractor', 'evaluator', 'writer'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/**
 * What the evaluator checks an answer for. `coverage` is the finish guard, checked without a model:
 * every sub-question covered by a finding or declared unanswerable, and more than one host cited
 * when findings came from more than one. `conflicts`, also checked without a model when the
 * findings disagree (see `SourceConflict`): the answer states every value of a conflict or none.
 * `claims`, also checked without a model: at least `minSupport` of the factual sentences supported
 * by their quotes (before the unsupported ones are removed), and a supported sentence for every
 * sub-question the findings cover.
 */
export type EvaluationCheck =
  | 'definitive'
  | 'freshness'
  | 'plurality'
  | 'completeness'
  | 'strict'
  | 'coverage'
  | 'conflicts'
  | 'claims';

/** The final evaluation's scores of an answer, each 0–10 (10 best). */
export interface EvaluationScores {
  /** How directly the answer addresses the question asked. */
  relevance: number;
  /** How well its claims are supported by their quotes; never above the measured support rate. */
  accuracy: number;
  /** How much of the question and its sub-questions it covers; never above the share answered. */
  completeness: number;
  /** How credible, independent and current its cited sources are. */
  sourceQuality: number;
}

/**
 * The final evaluation of a finished run's answer (accepted or forced): scores, and what is good,
 * weak and worth doing next. `method` says whether the evaluator model scored it, or (when no
 * model call was possible) it was measured from the claims, sub-questions and references alone.
 */
export interface AnswerEvaluation {
  scores: EvaluationScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  method: 'model' | 'measured';
}

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

/** What the run learned; the engine's memory, rebuilt from `knowledge-add` events on resume. */
export interface KnowledgeItem {
  kind: 'fact' | 'source-summary' | 'evaluation-feedback' | 'qa' | 'note';
  content: string;
  question?: string;
  url?: string;
}

/**
 * What went wrong with a rejected answer's steps and what to change (node-DeepResearch's
 * `analyzeSteps`); the planner's next prompt shows it, and a resumed run restores it.
 */
export interface StepAnalysisNote {
  /** The answer (draft attempt) it analyses. */
  attempt: number;
  recap: string;
  blame: string;
  improvement: string;
}

/** `computed from F1, F2` for a reference to a computation; undefined for a page or a file. */
export function computationCitationLabel(reference: Pick<Reference, 'computation'>): string | undefined {
  const computation = reference.computation;
  return computation ? `computed from ${computation.inputs.join(', ')}` : undefined;
}

/** `src/router.ts:27-33` for a reference to lines of a file; undefined for a web page. */
export function fileCitationLabel(
  reference: Pick<Reference, 'path' | 'startLine' | 'endLine' | 'corpus'>,
): string | undefined {
  if (reference.path === undefined || reference.startLine === undefined) return undefined;
  const end = reference.endLine ?? reference.startLine;
  return `${reference.path}:${reference.startLine}${end !== reference.startLine ? `-${end}` : ''}`;
}

/**
 * How a markdown reference list names a reference: a file as code (`` `src/a.ts:3-5` ``), a computation
 * by its title and inputs, a web page as a link to its URL (titled by its URL when it has no title).
 */
export function referenceMarkdownLabel(reference: Reference): string {
  const title = reference.title.trim() || reference.url;
  const file = fileCitationLabel(reference);
  if (file) return `\`${file}\``;
  const computed = computationCitationLabel(reference);
  return computed ? `${title} (${computed})` : `[${title}](${reference.url})`;
}
