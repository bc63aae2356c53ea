import { z } from 'zod';
import type { RunState } from '../run-state.js';
import { dateLine, joinSections, planSection } from './context.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

/** What a critic finds missing before the answer is written. */
export const critiqueSchema = z.object({
  think: z.string().describe('Brief reasoning: what would an expert reader still ask?'),
  gaps: z
    .array(z.string().min(1))
    .describe(
      'Parts of the question or sub-questions the findings do not answer yet (0 to 5). Empty when none.',
    ),
  weakClaims: z
    .array(z.string().min(1))
    .describe('Claims the answer would need that no finding supports well (0 to 5). Empty when none.'),
});

/** System prompt of the critique before synthesis. */
export const critiqueSystem = [
  'You critique research before its answer is written. Given the question, the checklist and the findings (claims backed by verbatim quotes), list what is still unanswered and which claims the answer would need that lack evidence.',
  'List only real gaps; an empty list is a fine answer when the findings cover the question.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The question, the plan with what covers each item, and the findings. */
export function critiquePrompt(state: RunState, findings: string): string {
  return joinSections(dateLine(), `<question>\n${state.question}\n</question>`, planSection(state), findings);
}
