import { DEFAULT_MAX_CHECK_FAILURES } from '../../config/index.js';
import type { EvaluationCheck } from '../../contract/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { claimCheckSummary } from '../evaluation/claim-problems.js';
import { countCheckFailure, type Draft } from '../evaluation/drafts.js';
import { ENGINE_CHECKS } from '../evaluation/engine-checks.js';
import {
  checkBatchPrompt,
  checkBatchSchema,
  checkBatchSystem,
  checkSelectionPrompt,
  checkSelectionSchema,
  checkSelectionSystem,
} from '../prompts/evaluate-prompt.js';
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
  // The engine's checks run on every attempt like the model's, and are never dropped either.
  const now = new Date();
  for (const check of ENGINE_CHECKS) {
    const verdict = check(run, draft, now);
    if (!verdict) continue;
    verdicts.push({ type: verdict.type, pass: verdict.pass, reason: verdict.reason });
    if (verdict.pass) continue;
    countCheckFailure(run.drafts, verdict.type);
    if (verdict.feedback) feedback.push(verdict.feedback);
  }
  // What the run's end reports when no answer was accepted: the claims and the sources that fell short.
  const failed = (type: EvaluationCheck) =>
    verdicts.find((verdict) => verdict.type === type && !verdict.pass)?.reason;
  const claimsShort = failed('claims');
  run.drafts.claimProblems = claimsShort ? [claimsShort] : [];
  run.drafts.staleSources = failed('window');
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
  return { pass: false, checks: verdicts, feedback: feedback.join('\n'), stuck };
}
