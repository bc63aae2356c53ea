import { DEFAULT_MAX_CHECK_FAILURES } from '../../config/index.js';
import type { EvaluationCheck } from '../../contract/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import {
  checkPrompt,
  checkResultSchema,
  checkSelectionPrompt,
  checkSelectionSchema,
  checkSelectionSystem,
  checkSystem,
} from '../prompts/evaluate.js';
import type { Draft } from '../run-state.js';
import type { StepContext } from './context.js';

/** The checks a question asked for, in the order they are run; `strict` always comes last. */
const OPTIONAL_CHECKS = ['definitive', 'freshness', 'plurality', 'completeness'] as const;

/** The verdict on one draft: the checks run, in order, and the feedback when one failed. */
export interface EvaluationOutcome {
  pass: boolean;
  checks: { type: EvaluationCheck; pass: boolean; reason: string }[];
  /** What the next attempt must do better, when it failed. */
  feedback?: string;
  /** Every check has failed its maximum number of times: nothing is left to ask. */
  exhausted?: boolean;
}

/** Lets the evaluator choose which checks this question needs (once per run), plus `strict`. */
async function chooseChecks(context: StepContext): Promise<EvaluationCheck[]> {
  const result = await context.llm.generateObject({
    role: 'evaluator',
    system: checkSelectionSystem,
    prompt: checkSelectionPrompt(context.state),
    schema: checkSelectionSchema,
    schemaName: 'evaluation_checks',
    abortSignal: context.signal,
    maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
  });
  const chosen: EvaluationCheck[] = OPTIONAL_CHECKS.filter((check) => result.value[check]);
  return [...chosen, 'strict'];
}

/**
 * Runs the chosen checks in order and stops at the first failure, as node-DeepResearch does. A
 * check that failed `DEFAULT_MAX_CHECK_FAILURES` times is no longer asked, so an evaluator that
 * rejects everything cannot keep the run going; the answer-attempt cap bounds the rest.
 */
export async function evaluateDraft(context: StepContext, draft: Draft): Promise<EvaluationOutcome> {
  const { state } = context;
  state.checks ??= await chooseChecks(context);
  const active = state.checks.filter(
    (check) => (state.checkFailures.get(check) ?? 0) < DEFAULT_MAX_CHECK_FAILURES,
  );
  // An evaluator that rejected everything may not wave the next answer through unchecked.
  if (active.length === 0) return { pass: false, checks: [], exhausted: true };
  const checks: EvaluationOutcome['checks'] = [];
  for (const check of active) {
    const result = await context.llm.generateObject({
      role: 'evaluator',
      system: checkSystem(check),
      prompt: checkPrompt(check, state, draft.answer, draft.references),
      schema: checkResultSchema,
      schemaName: `evaluation_${check}`,
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    const reason = result.value.think.trim() || (result.value.pass ? 'passed' : 'failed');
    checks.push({ type: check, pass: result.value.pass, reason });
    if (!result.value.pass) {
      state.checkFailures.set(check, (state.checkFailures.get(check) ?? 0) + 1);
      const improvement = result.value.improvement.trim();
      return {
        pass: false,
        checks,
        feedback: `${check} check failed: ${reason}${improvement ? ` To improve: ${improvement}` : ''}`,
      };
    }
    draft.checksPassed += 1;
  }
  return { pass: true, checks };
}
