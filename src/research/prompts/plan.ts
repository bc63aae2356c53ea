import { z } from 'zod';
import type { RunState } from '../run-state.js';
import { dateLine, joinSections, languageLine } from './context.js';
import { INTENT_HELP, SUB_QUESTION_INTENTS } from './intents.js';

/** The planner's decomposition of the question. */
export const planSchema = z.object({
  think: z.string().describe('Brief reasoning about what the question needs.'),
  trivial: z
    .boolean()
    .describe(
      'True only when the question needs no research at all (a greeting, simple arithmetic, a definition everyone knows).',
    ),
  subQuestions: z
    .array(
      z.object({
        text: z.string().min(1).describe('A sub-question whose answer helps answer the main question.'),
        intent: z.enum(SUB_QUESTION_INTENTS).describe(INTENT_HELP),
      }),
    )
    .describe('Two to six sub-questions, most important first.'),
});

/** System prompt of the plan. */
export const planSystem = [
  'You plan web research. Break the question into a short checklist of sub-questions, each with an intent.',
  'Mark the question trivial only when it can be answered correctly without any research.',
].join('\n');

/** The question (and language) to plan. */
export function planPrompt(state: RunState): string {
  return joinSections(dateLine(), languageLine(state), `<question>\n${state.question}\n</question>`);
}
