import { buildReferences } from '../evidence/citations.js';
import type { AnswerAction } from '../prompts/action.js';
import { type Draft, normalizeText, type RunState } from '../run-state.js';
import type { StepContext, StepOutcome } from './context.js';
import { evaluateDraft } from './evaluate.js';
import { closePlanByAnswer } from './plan.js';

/** Builds a draft from an answer and its cited quotes, verifying every quote. */
export function makeDraft(state: RunState, action: Pick<AnswerAction, 'answer' | 'references'>): Draft {
  const built = buildReferences({
    answer: action.answer.trim(),
    cited: action.references,
    findSource: (url) => state.sources.get(url),
    titleOf: (url) => state.pool.get(url)?.title,
    rules: state.options,
    maxReturnedUrls: state.options.maxReturnedUrls,
  });
  return {
    attempt: state.drafts.length + 1,
    answer: built.answer,
    references: built.references,
    checksPassed: 0,
  };
}

/**
 * Drafts an answer and has it evaluated. A first-step answer to a question the planner marked
 * trivial is accepted as is, unless `noDirectAnswer` is set. A rejected answer's feedback becomes
 * knowledge for the next attempt; the same answer twice is a repeated action.
 */
export async function answerStep(context: StepContext, action: AnswerAction): Promise<StepOutcome> {
  const { state } = context;
  const normalized = normalizeText(action.answer);
  if (!normalized) {
    state.lastStepNote = 'your answer was empty.';
    return { failed: true };
  }
  if (state.answerTexts.has(normalized)) {
    state.lastStepNote = 'you gave the same answer again; improve it using the feedback, or research more.';
    context.emit({ type: 'observation', text: 'The same answer was given again.' });
    return { repeated: true };
  }
  state.answerTexts.add(normalized);
  const draft = makeDraft(state, action);
  state.drafts.push(draft);
  context.emit({
    type: 'answer-draft',
    attempt: draft.attempt,
    answer: draft.answer,
    references: draft.references,
  });

  if (state.researchSteps === 0 && state.trivial && !state.options.noDirectAnswer) {
    closePlanByAnswer(context, 'answered directly');
    return { accepted: 'direct_answer' };
  }
  state.answerAttempts += 1;
  const evaluation = await evaluateDraft(context, draft);
  if (evaluation.exhausted) {
    context.emit({ type: 'observation', text: 'Every evaluation check failed its maximum number of times.' });
    return { stop: 'answer_attempts' };
  }
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
  state.lastStepNote = `your answer was rejected. ${feedback}`;
  return {};
}
