import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { UNANSWERABLE_NOTE } from '../evidence/coverage.js';
import { planPrompt, planSchema, planSystem } from '../prompts/plan.js';
import type { RunState } from '../run-state.js';
import type { SubQuestion, SubQuestionIntent } from '../types.js';
import type { StepContext } from './context.js';
import { corpusPlanSection } from './corpus-coverage.js';

/** Adds a sub-question to the checklist with the next id (`q1`, `q2`...). */
export function addSubQuestion(
  state: RunState,
  text: string,
  intent: SubQuestionIntent,
): SubQuestion | undefined {
  const normalized = text.trim().toLowerCase();
  if (state.subQuestions.some((item) => item.text.trim().toLowerCase() === normalized)) return undefined;
  const item: SubQuestion = { id: `q${state.nextSubQuestionId}`, text: text.trim(), intent, status: 'open' };
  state.nextSubQuestionId += 1;
  state.subQuestions.push(item);
  return item;
}

/**
 * Closes a sub-question, only on evidence: with at least one finding for it (the note lists them),
 * or declared unanswerable from the available sources with a reason. Otherwise it stays open.
 */
export function closeSubQuestion(
  state: RunState,
  item: SubQuestion,
  closing: { note: string; unanswerable?: boolean | undefined },
): { ok: true } | { ok: false; why: string } {
  const note = closing.note.replace(/\s+/g, ' ').trim();
  const findings = state.findings.forSubQuestion(item.id).map((finding) => finding.id);
  if (closing.unanswerable) {
    if (!note) return { ok: false, why: `${item.id} needs the reason it cannot be answered.` };
    item.status = 'closed';
    item.note = `${UNANSWERABLE_NOTE}: ${note}`;
    return { ok: true };
  }
  if (findings.length === 0) {
    return {
      ok: false,
      why: `${item.id} has no finding yet: read pages that answer it, or close it as unanswerable with the reason.`,
    };
  }
  item.status = 'closed';
  item.note = `${note || 'answered'} (findings ${findings.join(', ')})`;
  return { ok: true };
}

/** Emits the whole checklist; called whenever it changes. */
export function emitPlan(context: Pick<StepContext, 'state' | 'emit'>): void {
  context.emit({ type: 'plan', subQuestions: context.state.subQuestions.map((item) => ({ ...item })) });
}

/**
 * Closes the sub-questions still open when an answer to the whole question is accepted (it passed
 * evaluation, or was a direct answer to a trivial question): the checklist ends answered, with
 * `note` saying by what. Sub-questions a reflection closed keep their own note. A run that ends
 * without an accepted answer leaves its open sub-questions open.
 */
export function closePlanByAnswer(context: Pick<StepContext, 'state' | 'emit'>, note: string): void {
  const open = context.state.subQuestions.filter((item) => item.status === 'open');
  if (open.length === 0) return;
  for (const item of open) {
    const findings = context.state.findings.forSubQuestion(item.id).map((finding) => finding.id);
    item.status = 'closed';
    item.note = findings.length > 0 ? `${note}; findings ${findings.join(', ')}` : note;
  }
  emitPlan(context);
}

/**
 * Decomposes the question into sub-questions with intents. When the planner fails, the question
 * itself becomes the only sub-question and the error is rethrown for the loop to count.
 */
export async function planResearch(context: StepContext): Promise<void> {
  const { state } = context;
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: planSystem,
      prompt: [planPrompt(state), corpusPlanSection(context)].filter(Boolean).join('\n\n'),
      schema: planSchema,
      schemaName: 'plan',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    state.trivial = result.value.trivial;
    for (const item of result.value.subQuestions) addSubQuestion(state, item.text, item.intent);
    // The plan is not one of the loop's actions, so its reasoning is an observation, not a thought.
    if (result.value.think.trim()) {
      context.emit({ type: 'observation', text: `Planning: ${result.value.think.trim()}` });
    }
  } finally {
    if (state.subQuestions.length === 0) addSubQuestion(state, state.question, 'explore');
    emitPlan(context);
  }
}
