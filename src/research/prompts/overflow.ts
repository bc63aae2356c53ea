import { z } from 'zod';
import type { RunRecords } from '../run/run-records.js';
import { UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { joinSections, questionSection } from './context.js';

/** The extractor's short notes on findings that did not fit a prompt, one per sub-question. */
export const overflowSchema = z.object({
  notes: z
    .array(
      z
        .object({
          subQuestion: z.string().describe('Id of the sub-question, e.g. "q2".'),
          note: z.string().describe('What its extra findings add, in at most 80 words.'),
        })
        .nullable()
        .catch(null),
    )
    .describe('One note per sub-question listed.'),
});

/** System prompt of the overflow summary. */
export const overflowSystem = [
  'You summarise research findings that do not fit in the writer’s prompt. For each sub-question, say in at most 80 words what its extra findings add: figures, agreements, disagreements, dates.',
  'The notes are context only; the writer cannot cite them.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The question and the overflowing findings by sub-question (claims only). */
export function overflowPrompt(run: RunRecords, findings: string): string {
  return joinSections(questionSection(run), findings);
}
