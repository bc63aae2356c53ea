import type { Draft } from '../evaluation/drafts.js';
import { submitForJudgement } from '../evaluation/drafts.js';
import { evidenceMark } from '../evidence/coverage.js';
import { endGapFilling } from '../plan/critique-phase.js';
import { closeOpenSubQuestions, planEvent } from '../plan/sub-questions.js';
import type { LegacyAnswerAction, ReadyAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { synthesize, synthesizeDirect } from '../synthesis/synthesize.js';
import { normalizeText } from '../text/words.js';
import { analyzeSteps } from './analyze-steps.js';
import { critiqueBeforeWriting } from './critique.js';
import { evaluateDraft } from './evaluate.js';

/** Refuses a `ready` that has nothing new to write from; counts as a repeated action. */
function notReady(context: StepContext, note: string, observation: string): StepOutcome {
  context.emit({ type: 'observation', text: observation });
  return { repeated: true, note };
}

/**
 * Closes the sub-questions still open when an answer to the whole question is accepted (it passed
 * evaluation, or was a direct answer to a trivial question), with `note` saying by what. A run that
 * ends without an accepted answer leaves its open sub-questions open.
 */
function closePlanByAnswer(context: StepContext, note: string): void {
  const { plan, evidence } = context.run;
  if (closeOpenSubQuestions(plan, evidence.findings, note)) context.emit(planEvent(plan));
}

/**
 * Has the evaluator judge a new draft: accepted, it closes the plan; rejected, its feedback becomes
 * knowledge for the next attempt and the steps behind it are analysed (`analyzeSteps`), and a
 * check that keeps rejecting it stops the run naming it.
 */
async function judgeDraft(context: StepContext, draft: Draft): Promise<StepOutcome> {
  const { run } = context;
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
  const item = { kind: 'evaluation-feedback' as const, content: feedback, question: run.question };
  run.evidence.knowledge.add(item);
  context.emit({ type: 'knowledge-add', item });
  if (evaluation.stuck) {
    const detail = `The ${evaluation.stuck.type} check rejected the answer ${run.drafts.checkFailures.get(evaluation.stuck.type) ?? 0} times: ${evaluation.stuck.reason}`;
    context.emit({ type: 'observation', text: detail });
    // A question asking for recent sources that keeps getting older ones ends saying so.
    return {
      stop: evaluation.stuck.type === 'window' ? 'stale_sources' : 'check_failed',
      stopDetail: detail,
    };
  }
  await analyzeSteps(context, draft, feedback);
  return { note: `your answer was rejected; ready is unavailable until new findings arrive. ${feedback}` };
}

/**
 * The planner says the findings are enough: the writer writes the answer (or report) from them,
 * its claims are checked against their quotes, and the evaluator judges it. A question the planner
 * marked trivial is answered directly on the first step (unless `noDirectAnswer`) when the engine
 * finds no source is needed (see `synthesizeDirect`); otherwise it is researched. Without findings,
 * or without new findings since the last rejected answer, there is nothing new to write: the step
 * is a repeated action. A rejected answer's feedback becomes knowledge for the next attempt.
 */
export async function readyStep(
  context: StepContext,
  _action: ReadyAction | LegacyAnswerAction,
): Promise<StepOutcome> {
  const { run } = context;
  if (context.loop.researchSteps === 0 && run.plan.trivial && !run.options.noDirectAnswer) {
    const direct = await synthesizeDirect(context);
    if ('draft' in direct) {
      closePlanByAnswer(context, 'answered directly');
      return { accepted: 'direct_answer' };
    }
    // The engine, not the planner, decides: this question is researched like any other.
    run.plan.trivial = false;
    context.emit({ type: 'observation', text: `Not answered directly: ${direct.refused}.` });
    return { note: `this question needs sources (${direct.refused}): search and read before saying ready.` };
  }
  if (run.evidence.findings.all.length === 0) {
    return notReady(
      context,
      'there are no findings yet: read pages that answer the sub-questions before saying ready.',
      'Not ready: no findings yet.',
    );
  }
  if (run.drafts.evidenceAtLastDraft === evidenceMark(run)) {
    return notReady(
      context,
      'no new findings since the last answer was written; research what the feedback asks for first.',
      'Not ready: no new findings since the last answer.',
    );
  }
  // The first time it is ready, a critique may find gaps worth a few more steps.
  endGapFilling(run.critique);
  const gaps = await critiqueBeforeWriting(context);
  if (gaps) return { note: gaps };
  const draft = await synthesize(context);
  const normalized = normalizeText(draft.answer);
  if (!normalized) return { failed: true, note: 'the writer produced no answer from the findings.' };
  // The same text may be judged again once the evidence changed (a gap settled as unanswerable).
  if (!submitForJudgement(run.drafts, `${evidenceMark(run)}:${normalized}`)) {
    return notReady(
      context,
      'the same answer was written again; research more.',
      'The same answer was written again.',
    );
  }
  return judgeDraft(context, draft);
}
