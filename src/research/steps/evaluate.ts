import { DEFAULT_MAX_CHECK_FAILURES } from '../../config/index.js';
import type { EvaluationCheck } from '../../contract/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { claimCheckProblems, claimCheckSummary, unsupportedGaps } from '../evaluation/claim-problems.js';
import { countCheckFailure, type Draft } from '../evaluation/drafts.js';
import { describeOneSided, oneSidedConflicts } from '../evidence/conflict-sides.js';
import { findConflicts } from '../evidence/conflicts.js';
import { finishGuardProblems } from '../evidence/coverage.js';
import {
  checkBatchPrompt,
  checkBatchSchema,
  checkBatchSystem,
  checkSelectionPrompt,
  checkSelectionSchema,
  checkSelectionSystem,
} from '../prompts/evaluate.js';
import type { StepContext } from '../run/step-context.js';

/** The checks a question asked for, in the order they are listed; `strict` always comes last. */
const OPTIONAL_CHECKS = ['definitive', 'freshness', 'plurality', 'completeness'] as const;

/** One check's verdict on a draft. */
export interface CheckVerdict {
  type: EvaluationCheck;
  pass: boolean;
  reason: string;
}

/** The verdict on one draft: every chosen check's verdict and, when any failed, all their feedback. */
export interface EvaluationOutcome {
  pass: boolean;
  checks: CheckVerdict[];
  /** What the next attempt must do better, one line per failed check. */
  feedback?: string;
  /** A check that has now failed its maximum number of times: the run ends naming it. */
  stuck?: CheckVerdict;
}

/** Lets the evaluator choose which checks this question needs (once per run), plus `strict`. */
async function chooseChecks(context: StepContext): Promise<EvaluationCheck[]> {
  const result = await context.llm.generateObject({
    role: 'evaluator',
    system: checkSelectionSystem,
    prompt: checkSelectionPrompt(context.run),
    schema: checkSelectionSchema,
    schemaName: 'evaluation_checks',
    abortSignal: context.signal,
    maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
  });
  const chosen: EvaluationCheck[] = OPTIONAL_CHECKS.filter((check) => result.value[check]);
  return [...chosen, 'strict'];
}

/**
 * Judges a draft on every chosen check in one call, and returns every failure as feedback. No
 * check is ever dropped: a check the evaluator gave no verdict for counts as failed, and a check
 * that failed `DEFAULT_MAX_CHECK_FAILURES` times marks the outcome `stuck` so the run ends as best
 * effort naming it, instead of a later answer passing on the other checks alone.
 */
export async function evaluateDraft(context: StepContext, draft: Draft): Promise<EvaluationOutcome> {
  const { run } = context;
  run.drafts.checks ??= await chooseChecks(context);
  const checks = run.drafts.checks;
  const result = await context.llm.generateObject({
    role: 'evaluator',
    system: checkBatchSystem(checks),
    prompt: checkBatchPrompt(checks, run, {
      answer: draft.answer,
      references: draft.references,
      claimCheck: claimCheckSummary(run, draft, run.options.minSupport),
    }),
    schema: checkBatchSchema,
    schemaName: 'evaluation',
    abortSignal: context.signal,
    maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
  });
  const verdicts: CheckVerdict[] = [];
  const feedback: string[] = [];
  for (const check of checks) {
    // The first verdict the model gave for a check counts; a missing verdict is a failure.
    const given = result.value.checks.find((item) => item.check === check);
    const pass = given?.pass === true;
    const reason =
      given?.think.trim() || (given ? (pass ? 'passed' : 'failed') : 'the evaluator gave no verdict');
    verdicts.push({ type: check, pass, reason });
    if (pass) continue;
    countCheckFailure(run.drafts, check);
    const improvement = given?.improvement.trim() ?? '';
    feedback.push(`${check} check failed: ${reason}${improvement ? ` To improve: ${improvement}` : ''}`);
  }
  // The finish guard runs on every attempt like the model's checks, and is never dropped either.
  const problems = finishGuardProblems(run, draft.references);
  const guard: CheckVerdict = {
    type: 'coverage',
    pass: problems.length === 0,
    reason: problems.length === 0 ? 'every sub-question is covered' : problems.join(' '),
  };
  verdicts.push(guard);
  if (!guard.pass) {
    countCheckFailure(run.drafts, 'coverage');
    feedback.push(`coverage check failed: ${guard.reason}`);
  }
  // When the findings disagree, an answer that states one value and hides the others fails.
  const conflicts = findConflicts(run.evidence.findings.all);
  if (conflicts.length > 0) {
    const sides = oneSidedConflicts(draft.answer, conflicts).map(describeOneSided);
    verdicts.push({
      type: 'conflicts',
      pass: sides.length === 0,
      reason:
        sides.length === 0 ? 'every conflict between sources is stated with all its values' : sides.join(' '),
    });
    if (sides.length > 0) {
      countCheckFailure(run.drafts, 'conflicts');
      feedback.push(`conflicts check failed: ${sides.join(' ')} State every value with its citations.`);
    }
  }
  // The claim checks, like the guard, run on every attempt; the evaluator can only confirm them.
  const claimProblems = claimCheckProblems(run, draft, run.options.minSupport);
  run.drafts.claimProblems = claimProblems;
  verdicts.push({
    type: 'claims',
    pass: claimProblems.length === 0,
    reason: claimProblems.length === 0 ? 'the answer stands on supported claims' : claimProblems.join(' '),
  });
  if (claimProblems.length > 0) {
    countCheckFailure(run.drafts, 'claims');
    const gaps = unsupportedGaps(draft.claims);
    feedback.push(`claims check failed: ${claimProblems.join(' ')}${gaps ? ` ${gaps}` : ''}`);
  }
  draft.checksPassed = verdicts.filter((verdict) => verdict.pass).length;
  if (feedback.length === 0) return { pass: true, checks: verdicts };
  // Unsupported claims go back to the planner while budget remains: that check never ends the run
  // by itself (a run that runs out of budget with them ends `unsupported_claims`).
  const stuck = verdicts.find(
    (verdict) =>
      !verdict.pass &&
      verdict.type !== 'claims' &&
      (run.drafts.checkFailures.get(verdict.type) ?? 0) >= DEFAULT_MAX_CHECK_FAILURES,
  );
  return { pass: false, checks: verdicts, feedback: feedback.join('\n'), ...(stuck ? { stuck } : {}) };
}
