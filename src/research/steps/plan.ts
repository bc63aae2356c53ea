import { MAX_PLAN_SUB_QUESTIONS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { cleanPerspectives, pruneEmptyPerspectives } from '../plan/perspectives.js';
import { addSubQuestion, planEvent } from '../plan/sub-questions.js';
import { planPrompt, planSchema, planSystem } from '../prompts/plan-prompt.js';
import type { StepContext } from '../run/step-context.js';
import { resolveIntent } from '../sources/query-intent.js';
import { corpusPlanSection } from './corpus-coverage.js';

/**
 * Decomposes the question into perspectives and sub-questions with intents, each sub-question in
 * one perspective. Model output is validated, never trusted: at most `MAX_PERSPECTIVES`
 * perspectives (repeats dropped) and `MAX_PLAN_SUB_QUESTIONS` sub-questions (repeats dropped); a
 * sub-question naming an unknown perspective joins the one it shares most words with, or `main`;
 * a perspective without sub-questions is dropped; no perspectives at all means the one `main`.
 * When the planner fails, the question itself becomes the only sub-question and the error is
 * rethrown for the loop to count. The question's intent (`resolveIntent`) is read from its words,
 * else from the planner's `sourceIntent`.
 */
export async function planResearch(context: StepContext): Promise<void> {
  const { run } = context;
  const { plan } = run;
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: planSystem,
      prompt: [planPrompt(run), corpusPlanSection(context)].filter(Boolean).join('\n\n'),
      schema: planSchema,
      schemaName: 'plan',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    plan.trivial = result.value.trivial;
    plan.intent = resolveIntent(run.question, result.value.sourceIntent);
    plan.perspectives = cleanPerspectives(result.value.perspectives);
    for (const item of result.value.subQuestions) {
      if (!item) continue;
      if (plan.subQuestions.length >= MAX_PLAN_SUB_QUESTIONS) break;
      addSubQuestion(plan, { ...item, origin: 'plan' });
    }
    // The plan is not one of the loop's actions, so its reasoning is an observation, not a thought.
    if (result.value.think.trim()) {
      context.emit({ type: 'observation', text: `Planning: ${result.value.think.trim()}` });
    }
  } finally {
    // The question's own words say what it wants even when the planner failed.
    plan.intent ??= resolveIntent(run.question, undefined);
    if (plan.subQuestions.length === 0) {
      addSubQuestion(plan, { text: run.question, intent: 'explore', origin: 'plan' });
    }
    pruneEmptyPerspectives(plan);
    context.emit(planEvent(plan));
  }
}
