import { z } from 'zod';
import type { RunRecords } from '../run/run-records.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, languageLine, questionSection } from './context.js';

/** The writer's revisions of unsupported sentences. */
export const reviseSchema = z.object({
  revisions: z
    .array(
      z
        .object({
          claim: z.number().int().describe('Number of the sentence revised.'),
          text: z
            .string()
            .describe(
              'The new sentence, citing the findings that run it like [F3]; empty to remove the sentence.',
            ),
        })
        .nullable()
        .catch(null),
    )
    .describe('One revision per numbered sentence.'),
});

/** System prompt of the revision. */
export function reviseSystem(run: RunRecords): string {
  return [
    'A checker found sentences of your research answer that the quotes they cite do not support.',
    'Rewrite each so it says only what the quotes of the findings below run, citing them like [F3] or [F3, F7]; keep its place in the answer (same style, one sentence). If no finding supports it, give an empty text to remove it.',
    UNTRUSTED_NOTICE,
    languageLine(run),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The unsupported sentences, why, and the evidence to revise them from. */
export function revisePrompt(
  run: RunRecords,
  items: readonly { number: number; text: string; reason: string }[],
  evidence: string,
): string {
  const lines = items.map(
    (item) =>
      `${item.number}. ${inlineWebText(item.text, 1_000)}\n   problem: ${inlineWebText(item.reason, 300)}`,
  );
  return joinSections(
    dateLine(),
    questionSection(run),
    `<unsupported-sentences>\n${lines.join('\n')}\n</unsupported-sentences>`,
    evidence,
  );
}
