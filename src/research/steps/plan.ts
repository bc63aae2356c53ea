import type { SubQuestion, SubQuestionIntent, SubQuestionOrigin } from '../../contract/index.js';
import { MAX_PLAN_SUB_QUESTIONS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { UNANSWERABLE_NOTE } from '../evidence/coverage.js';
import { planPrompt, planSchema, planSystem } from '../prompts/plan.js';
import { normalizeText, type RunState } from '../run-state.js';
import type { StepContext } from './context.js';
import { corpusPlanSection } from './corpus-coverage.js';
import {
  cleanPerspectives,
  contentWords,
  pruneEmptyPerspectives,
  resolvePerspective,
  wordsWithin,
} from './perspectives.js';

/**
 * The sub-question `text` repeats, if any: the same text (case and spacing aside), or one holding
 * every word of it (of three or more letters, or a number; at least two): a rephrasing that asks
 * nothing new. One that adds a word (a year, a name) is a new sub-question.
 */
export function sameSubQuestion(state: RunState, text: string): SubQuestion | undefined {
  const normalized = normalizeText(text);
  const words = contentWords(text);
  return state.subQuestions.find(
    (item) =>
      normalizeText(item.text) === normalized ||
      (words.size >= 2 && wordsWithin(words, contentWords(item.text))),
  );
}

/** How a sub-question is added: where it came from and the perspective it names, if any. */
export interface NewSubQuestion {
  text: string;
  intent: SubQuestionIntent;
  origin: SubQuestionOrigin;
  /** Perspective id or name; unknown or absent ones are resolved by the words it shares. */
  perspective?: string | undefined;
}

/**
 * Adds a sub-question to the checklist with the next id (`q1`, `q2`...), in the perspective it
 * names or fits best. Undefined when it repeats one already listed (see `sameSubQuestion`).
 */
export function addSubQuestion(state: RunState, item: NewSubQuestion): SubQuestion | undefined {
  const text = item.text.replace(/\s+/g, ' ').trim();
  if (!text || sameSubQuestion(state, text)) return undefined;
  const perspective = resolvePerspective(state, item.perspective, text);
  const added: SubQuestion = {
    id: `q${state.nextSubQuestionId}`,
    text,
    intent: item.intent,
    status: 'open',
    perspective: perspective.id,
    origin: item.origin,
  };
  state.nextSubQuestionId += 1;
  state.subQuestions.push(added);
  return added;
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
  context.emit({
    type: 'plan',
    subQuestions: context.state.subQuestions.map((item) => ({ ...item })),
    perspectives: context.state.perspectives.map((item) => ({ ...item })),
  });
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
 * Decomposes the question into perspectives and sub-questions with intents, each sub-question in
 * one perspective. Model output is validated, never trusted: at most `MAX_PERSPECTIVES`
 * perspectives (repeats dropped) and `MAX_PLAN_SUB_QUESTIONS` sub-questions (repeats dropped); a
 * sub-question naming an unknown perspective joins the one it shares most words with, or `main`;
 * a perspective without sub-questions is dropped; no perspectives at all means the one `main`.
 * When the planner fails, the question itself becomes the only sub-question and the error is
 * rethrown for the loop to count.
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
    state.perspectives = cleanPerspectives(result.value.perspectives);
    for (const item of result.value.subQuestions) {
      if (!item) continue;
      if (state.subQuestions.length >= MAX_PLAN_SUB_QUESTIONS) break;
      addSubQuestion(state, { ...item, origin: 'plan' });
    }
    // The plan is not one of the loop's actions, so its reasoning is an observation, not a thought.
    if (result.value.think.trim()) {
      context.emit({ type: 'observation', text: `Planning: ${result.value.think.trim()}` });
    }
  } finally {
    if (state.subQuestions.length === 0) {
      addSubQuestion(state, { text: state.question, intent: 'explore', origin: 'plan' });
    }
    pruneEmptyPerspectives(state);
    emitPlan(context);
  }
}
