import { z } from 'zod';
import type { RunRecords } from '../run/run-records.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, questionSection } from './context.js';

/** A sentence to judge, with the quotes it cites. */
export interface JudgeItem {
  /** Number shown to the judge. */
  number: number;
  text: string;
  quotes: { id: string; text: string }[];
}

/** The judge's verdicts; a malformed one becomes `null` and is asked again. */
export const judgeSchema = z.object({
  verdicts: z
    .array(
      z
        .object({
          claim: z.number().int().describe('Number of the sentence judged.'),
          verdict: z
            .enum(['supported', 'unsupported', 'not_factual'])
            .describe(
              'supported: its quotes run it; unsupported: they do not (or it cites none); not_factual: it states nothing checkable.',
            ),
          reason: z.string().describe('One short sentence: what the quotes say or lack.'),
        })
        .nullable()
        .catch(null),
    )
    .describe('One verdict per numbered sentence, in order.'),
});

/** System prompt of the claim judge. */
export const judgeSystem = [
  'You check the sentences of a research answer against the quotes they cite. For each numbered sentence:',
  '- supported: the quotes run what the sentence says; its numbers, names, dates and qualifiers match and it adds nothing the quotes lack;',
  '- unsupported: the quotes do not say it, say something else or less, contradict it, or the sentence states a fact and cites nothing;',
  '- not_factual: the sentence states no checkable fact (a transition, an outline of what follows, a note that something is unknown).',
  'Judge only against the quotes given, never from your own knowledge. Give one verdict for every number.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The sentences with their quotes, as `<findings>`-style untrusted data. */
export function judgePrompt(run: RunRecords, items: readonly JudgeItem[]): string {
  const lines = items.map((item) => {
    const quotes =
      item.quotes.length === 0
        ? '   (cites nothing)'
        : item.quotes.map((quote) => `   ${quote.id}: "${inlineWebText(quote.text, 800)}"`).join('\n');
    return `${item.number}. ${inlineWebText(item.text, 1_000)}\n${quotes}`;
  });
  return joinSections(dateLine(), questionSection(run), `<findings>\n${lines.join('\n')}\n</findings>`);
}
