import type {
  ClaimsSummary,
  ClaimVerdict,
  EvaluationCheck,
  Reference,
  StepAnalysisNote,
} from '../../contract/index.js';
import type { SearchRecency } from '../sources/search-plan.js';

/** An answer the run wrote, with its references and what verification found. */
export interface Draft {
  attempt: number;
  answer: string;
  references: Reference[];
  claims: ClaimsSummary;
  /** Each sentence's verdict, those left out of the answer included (empty for a direct answer). */
  verdicts: ClaimVerdict[];
  /** Words of the answer, references list and markers not counted. */
  words: number;
  /** Evaluation checks it passed. */
  checksPassed: number;
}

/** The answers the run wrote and what the evaluator made of them. */
export interface DraftRecord {
  /** Every draft, in the order written. */
  all: Draft[];
  /** Answers sent to the evaluator: the evidence mark and the normalised text of each. */
  judged: Set<string>;
  /** Answers sent to the evaluator in this run (a resumed run's earlier ones not counted). */
  attempts: number;
  /** `evidenceMark` when the latest draft was written: a new draft needs new evidence. */
  evidenceAtLastDraft: number | undefined;
  /** Checks the evaluator chose for this question (decided once, at the first answer). */
  checks: EvaluationCheck[] | undefined;
  /** Times each check rejected an answer. */
  checkFailures: Map<EvaluationCheck, number>;
  /**
   * Why the claims of the latest judged draft could not make the run `completed` (see
   * `claimCheckProblems`); empty when they could. A run ending on a cap with some ends
   * `unsupported_claims`.
   */
  claimProblems: string[];
  /**
   * The cited sources of the latest judged draft dated before the window its question asks for,
   * as one sentence (the `window` check's reason); undefined when none. A run ending on a cap or
   * a stuck check with some ends `stale_sources`.
   */
  staleSources?: string;
  /** The analysis of the steps behind the latest rejected draft, for the planner's next prompt. */
  analysis?: StepAnalysisNote;
}

/** A record without drafts. */
export function createDraftRecord(): DraftRecord {
  return {
    all: [],
    judged: new Set(),
    attempts: 0,
    evidenceAtLastDraft: undefined,
    checks: undefined,
    checkFailures: new Map(),
    claimProblems: [],
  };
}

/** Adds a draft written when the evidence stood at `evidenceMark`. */
export function addDraft(drafts: DraftRecord, draft: Draft, evidenceMark: number): void {
  drafts.all.push(draft);
  drafts.evidenceAtLastDraft = evidenceMark;
}

/**
 * Records an answer sent to the evaluator, by `key` (the evidence mark and its normalised text);
 * false, and nothing counted, when the same text was judged on the same evidence before.
 */
export function submitForJudgement(drafts: DraftRecord, key: string): boolean {
  if (drafts.judged.has(key)) return false;
  drafts.judged.add(key);
  drafts.attempts += 1;
  return true;
}

/** Counts a rejection by `check`; returns how many it has made. */
export function countCheckFailure(drafts: DraftRecord, check: EvaluationCheck): number {
  const failures = (drafts.checkFailures.get(check) ?? 0) + 1;
  drafts.checkFailures.set(check, failures);
  return failures;
}

/** Whether the freshness check has rejected an answer of the run: its searches then want recent sources. */
export function freshnessFailed(drafts: Pick<DraftRecord, 'checkFailures'>): boolean {
  return (drafts.checkFailures.get('freshness') ?? 0) > 0;
}

/** The best draft so far: most checks passed, then most supported claims, then the latest. */
export function bestDraft(drafts: DraftRecord): Draft | undefined {
  let best: Draft | undefined;
  const score = (draft: Draft) => draft.checksPassed * 10_000 + draft.claims.supported;
  for (const draft of drafts.all) {
    if (!best || score(draft) >= score(best)) best = draft;
  }
  return best;
}

/**
 * The recency a search of the run is planned with, now: the search step, the default policy and
 * the planner's review all plan the same query into the same window (so a repeat is seen as one).
 */
export function searchRecency(run: { drafts: Pick<DraftRecord, 'checkFailures'> }): SearchRecency {
  return { freshnessFailed: freshnessFailed(run.drafts), now: new Date() };
}
