import type { EvaluationCheck } from '../../contract/index.js';
import { describeOneSided, oneSidedConflicts } from '../evidence/conflict-sides.js';
import { findConflicts } from '../evidence/conflicts.js';
import { type CoverageInput, finishGuardProblems } from '../evidence/coverage.js';
import { type CheckedDraft, claimCheckProblems, unsupportedGaps } from './claim-problems.js';
import {
  type DatingRecords,
  describeWindow,
  enforcedWindow,
  referenceDate,
  staleReferences,
} from './stale-sources.js';

/** What the engine's checks read of a run: its plan, findings, pages, question and `minSupport`. */
export type EngineCheckRun = CoverageInput &
  DatingRecords & {
    question: string;
    options: { minSupport: number };
  };

/** What the engine's checks read of a draft: its text, references and claim verdicts. */
export type EngineCheckedDraft = CheckedDraft & { answer: string };

/** One engine check's verdict on a draft, with what the next attempt must do when it failed. */
export interface EngineVerdict {
  type: EvaluationCheck;
  pass: boolean;
  reason: string;
  /** For a failed check: its line of the feedback the planner gets. */
  feedback?: string;
}

/**
 * A check of a draft the engine makes without a model, or undefined when it does not apply to this
 * run (no conflict, no window asked for). `now` is the run's clock.
 */
export type EngineCheck = (
  run: EngineCheckRun,
  draft: EngineCheckedDraft,
  now: Date,
) => EngineVerdict | undefined;

/** The finish guard: every sub-question covered or declared unanswerable, independent hosts cited. */
export const coverageCheck: EngineCheck = (run, draft) => {
  const problems = finishGuardProblems(run, draft.references);
  if (problems.length === 0) return { type: 'coverage', pass: true, reason: 'every sub-question is covered' };
  const reason = problems.join(' ');
  return { type: 'coverage', pass: false, reason, feedback: `coverage check failed: ${reason}` };
};

/** When the findings disagree, an answer that states one value and hides the others fails. */
export const conflictsCheck: EngineCheck = (run, draft) => {
  const conflicts = findConflicts(run.evidence.findings.all);
  if (conflicts.length === 0) return undefined;
  const sides = oneSidedConflicts(draft.answer, conflicts).map(describeOneSided);
  if (sides.length === 0)
    return {
      type: 'conflicts',
      pass: true,
      reason: 'every conflict between sources is stated with all its values',
    };
  const reason = sides.join(' ');
  return {
    type: 'conflicts',
    pass: false,
    reason,
    feedback: `conflicts check failed: ${reason} State every value with its citations.`,
  };
};

/**
 * The cited sources dated before the window the question itself asks for ("this week", a date;
 * see `enforcedWindow`), as one sentence; undefined when it asks for none or every dated source is
 * within it.
 */
function windowProblem(
  run: EngineCheckRun,
  draft: Pick<EngineCheckedDraft, 'references'>,
  now: Date,
): string | undefined {
  const window = enforcedWindow(run.question, now);
  if (!window) return undefined;
  const dated = draft.references.map((reference) => ({
    url: reference.url,
    publishedAt: referenceDate(run, reference),
  }));
  const stale = staleReferences(window, dated, now);
  if (stale.length === 0) return undefined;
  const named = stale.map((item) => `[${item.number}] ${item.url} (${item.day})`).join(', ');
  return `the answer cites sources dated before ${describeWindow(window)}: ${named}.`;
}

/** A question that asks for recent sources is answered from sources dated within its window. */
export const windowCheck: EngineCheck = (run, draft, now) => {
  if (!enforcedWindow(run.question, now)) return undefined;
  const problem = windowProblem(run, draft, now);
  if (!problem)
    return {
      type: 'window',
      pass: true,
      reason: 'every dated source is within the window the question asks for',
    };
  return {
    type: 'window',
    pass: false,
    reason: problem,
    feedback: `window check failed: ${problem} Search within the window (timeRange) and cite sources dated in it.`,
  };
};

/** The claims stand: enough of them supported (`minSupport`), a supported sentence per covered sub-question. */
export const claimsCheck: EngineCheck = (run, draft) => {
  const problems = claimCheckProblems(run, draft, run.options.minSupport);
  if (problems.length === 0)
    return { type: 'claims', pass: true, reason: 'the answer stands on supported claims' };
  const reason = problems.join(' ');
  const gaps = unsupportedGaps(draft.claims);
  return {
    type: 'claims',
    pass: false,
    reason,
    feedback: `claims check failed: ${reason}${gaps ? ` ${gaps}` : ''}`,
  };
};

/**
 * The checks the engine makes of every draft after the model's, in order; each runs on every
 * attempt and is never dropped. Adding a mechanism is adding an entry here (and its test).
 */
export const ENGINE_CHECKS: readonly EngineCheck[] = [
  coverageCheck,
  conflictsCheck,
  windowCheck,
  claimsCheck,
];
