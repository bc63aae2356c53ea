import { z } from 'zod';
import { MAX_FINDINGS_PER_PAGE, MAX_QUOTES_PER_FINDING } from '../constants.js';
import type { RunRecords } from '../run/run-records.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, questionSection } from './context.js';

/** One finding as the extractor writes it. */
export const extractedFindingSchema = z.object({
  source: z.number().int().describe('The id of the page the quotes are copied from.'),
  subQuestion: z.string().describe('Id of the sub-question the claim helps answer, e.g. "q1".'),
  claim: z.string().min(1).describe('The fact, in one short sentence of your own words (at most 25 words).'),
  quotes: z
    .array(z.string().min(1))
    .min(1)
    .describe(
      `1 to ${MAX_QUOTES_PER_FINDING} passages copied exactly, character for character, from that page, that run the claim.`,
    ),
  date: z
    .string()
    .optional()
    .describe('Date the page gives for this statement (YYYY-MM-DD or as written), if any.'),
});

/**
 * The extractor's output. A malformed finding becomes `null` instead of failing the whole reply,
 * so one bad item costs only itself.
 */
export const extractionSchema = z.object({
  findings: z
    .array(extractedFindingSchema.nullable().catch(null))
    .describe('Findings, most important first; empty when the pages hold nothing relevant.'),
});

/** System prompt of the extractor. */
export const extractionSystem = [
  'You extract findings from web pages for a research question. A finding is one claim that helps answer one sub-question, with the quotes from one page that run it.',
  'Copy quotes exactly, character for character: whole sentences or clauses that run the fact, long enough to stand alone (at least five words, or the exact figure or name). Never paraphrase, shorten or join text inside a quote.',
  'Give the id of the page each quote comes from. State only what the quotes say; prefer figures, dates, names and definitions. Pages marked […] were shortened.',
  `At most ${MAX_FINDINGS_PER_PAGE} findings per page; none for a page with nothing relevant.`,
  UNTRUSTED_NOTICE,
].join('\n');

/** The question, the sub-questions (open and closed) and the pages, as numbered source blocks. */
export function extractionPrompt(run: RunRecords, pages: readonly string[]): string {
  const subQuestions = run.plan.subQuestions.map(
    (item) => `- ${item.id} (${item.status}): ${inlineWebText(item.text, 300)}`,
  );
  return joinSections(
    dateLine(),
    questionSection(run),
    subQuestions.length > 0 ? `<sub-questions>\n${subQuestions.join('\n')}\n</sub-questions>` : '',
    pages.join('\n'),
  );
}
