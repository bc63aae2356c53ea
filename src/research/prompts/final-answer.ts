import { z } from 'zod';
import type { RunState } from '../run-state.js';
import { citedQuoteSchema } from './action.js';
import {
  dateLine,
  joinSections,
  languageLine,
  notesSection,
  passagesSection,
  planSection,
} from './context.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

/** The writer's forced final answer with references. */
export const finalAnswerSchema = z.object({
  answer: z
    .string()
    .min(1)
    .describe(
      'The best answer the knowledge supports, in markdown, with [1], [2]... markers in reference order.',
    ),
  references: z.array(citedQuoteSchema).describe('The references the markers point at, in order.'),
});
export type FinalAnswer = z.infer<typeof finalAnswerSchema>;

/** System prompt of the forced final answer. */
export function finalAnswerSystem(state: RunState): string {
  return [
    'Research has stopped. Write the best answer you can from the knowledge below; do not ask for more research.',
    'Be direct. Say plainly what remains uncertain. Cite with quotes copied exactly from the sources.',
    UNTRUSTED_NOTICE,
    languageLine(state),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Why research stopped, and everything gathered, bounded in size. */
export function finalAnswerPrompt(state: RunState, reason: string): string {
  return joinSections(
    dateLine(),
    `Research stopped: ${reason}`,
    `<question>\n${state.question}\n</question>`,
    planSection(state),
    notesSection(state),
    passagesSection(state),
  );
}
