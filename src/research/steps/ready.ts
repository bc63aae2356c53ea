import { evidenceMark } from '../evidence/coverage.js';
import type { LegacyAnswerAction, ReadyAction } from '../prompts/action.js';
import { normalizeText } from '../run-state.js';
import { synthesize, synthesizeDirect } from '../synthesis/synthesize.js';
import type { StepContext, StepOutcome } from './context.js';
import { critiqueBeforeWriting } from './critique.js';
import { evaluateDraft } from './evaluate.js';
import { closePlanByAnswer } from './plan.js';

/** Refuses a `ready` that has nothing new to write from; counts as a repeated action. */
function notReady(context: StepContext, note: string, observation: string): StepOutcome {
  context.state.lastStepNote = note;
  context.emit({ type: 'observation', text: observation });
  return { repeated: true };
}

/**
 * The planner says the findings are enough: the writer writes the answer (or report) from them,
 * its claims are checked against their quotes, and the evaluator judges it. A question the planner
 * marked trivial is answered directly on the first step (unless `noDirectAnswer`). Without findings,
 * or without new findings since the last rejected answer, there is nothing new to write: the step
 * is a repeated action. A rejected answer's feedback becomes knowledge for the next attempt.
 */
export async function readyStep(
  context: StepContext,
  _action: ReadyAction | LegacyAnswerAction,
): Promise<StepOutcome> {
  const { state } = context;
  if (state.researchSteps === 0 && state.trivial && !state.options.noDirectAnswer) {
    await synthesizeDirect(context);
    closePlanByAnswer(context, 'answered directly');
    return { accepted: 'direct_answer' };
  }
  if (state.findings.all.length === 0) {
    return notReady(
      context,
      'there are no findings yet: read pages that answer the sub-questions before saying ready.',
      'Not ready: no findings yet.',
    );
  }
  if (state.findingsAtLastDraft === evidenceMark(state)) {
    return notReady(
      context,
      'no new findings since the last answer was written; research what the feedback asks for first.',
      'Not ready: no new findings since the last answer.',
    );
  }
  // The first time it is ready, a critique may find gaps worth a few more steps.
  state.critique.active = false;
  if (await critiqueBeforeWriting(context)) return {};
  const draft = await synthesize(context);
  const normalized = normalizeText(draft.answer);
  if (!normalized) {
    state.lastStepNote = 'the writer produced no answer from the findings.';
    return { failed: true };
  }
  // The same text may be judged again once the evidence changed (a gap settled as unanswerable).
  const answerKey = `${evidenceMark(state)}:${normalized}`;
  if (state.answerTexts.has(answerKey)) {
    return notReady(
      context,
      'the same answer was written again; research more.',
      'The same answer was written again.',
    );
  }
  state.answerTexts.add(answerKey);
  state.answerAttempts += 1;
  const evaluation = await evaluateDraft(context, draft);
  context.emit({
    type: 'evaluation',
    attempt: draft.attempt,
    pass: evaluation.pass,
    checks: evaluation.checks,
  });
  if (evaluation.pass) {
    closePlanByAnswer(context, `covered by the accepted answer (attempt ${draft.attempt})`);
    return { accepted: 'evaluation_passed' };
  }
  const feedback = evaluation.feedback ?? 'The answer was rejected.';
  const item = { kind: 'evaluation-feedback' as const, content: feedback, question: state.question };
  state.knowledge.add(item);
  context.emit({ type: 'knowledge-add', item });
  if (evaluation.stuck) {
    const detail = `The ${evaluation.stuck.type} check rejected the answer ${state.checkFailures.get(evaluation.stuck.type) ?? 0} times: ${evaluation.stuck.reason}`;
    context.emit({ type: 'observation', text: detail });
    return { stop: 'check_failed', stopDetail: detail };
  }
  state.lastStepNote = `your answer was rejected; ready is unavailable until new findings arrive. ${feedback}`;
  return {};
}
