import { z } from 'zod';
import type { EvaluationCheck, Reference } from '../../contract/index.js';
import { STRICT_REVIEW_KNOWLEDGE_CHARS } from '../constants.js';
import { referenceDate } from '../evaluation/stale-sources.js';
import type { RunRecords } from '../run/run-records.js';
import { describeCredibility } from '../sources/credibility.js';
import { inlineWebText, UNTRUSTED_NOTICE, untrustedBlock } from '../text/untrusted.js';
import { dateLine, joinSections, passagesSection, questionSection, recencyLine } from './context.js';

/** The evaluator's choice of checks for a question. */
export const checkSelectionSchema = z.object({
  think: z.string().describe('Brief reasoning about what a good answer to this question must have.'),
  definitive: z.boolean().describe('A good answer must be definitive, not hedged or "I don\'t know".'),
  freshness: z.boolean().describe('The answer depends on recent information that may be outdated.'),
  plurality: z.boolean().describe('The question asks for several items (e.g. "three examples").'),
  completeness: z.boolean().describe('The question names several aspects that must all be covered.'),
});

const checkName = z
  .enum(['definitive', 'freshness', 'plurality', 'completeness', 'strict'])
  .describe('Which check this verdict is for.');

/** The verdicts of every chosen check on one answer, from one call. */
export const checkBatchSchema = z.object({
  checks: z
    .array(
      z.object({
        check: checkName,
        think: z.string().describe('Brief reasoning about the answer against this check.'),
        pass: z.boolean().describe('True when the answer meets this check.'),
        improvement: z
          .string()
          .describe('When it fails: what the next answer must do better. Empty when it passes.'),
      }),
    )
    .describe('One verdict per check listed in <checks>, in that order.'),
});

/** System prompt of the check choice. */
export const checkSelectionSystem =
  'You decide which quality checks an answer to a question must pass. Choose only the checks the question really needs.';

/** What each check asks of the answer. */
export const checkInstructions: Record<EvaluationCheck, string> = {
  definitive:
    'Definitive: the answer states a clear answer; it does not hedge, refuse or say the information is unavailable.',
  freshness:
    "Freshness: the information is recent enough for the question, judged against today's date and each reference's publication date (an undated source cannot show it is recent).",
  plurality: 'Plurality: the answer gives as many items as the question asks for.',
  completeness: 'Completeness: the answer covers every aspect the question names.',
  strict:
    'Strict review: be a demanding reviewer. Fail the answer if it is vague, unsupported by its references, contradicts them, or misses what an expert would expect.',
  coverage:
    'Coverage (checked by the engine, not asked of a model): every sub-question has a finding or was declared unanswerable, and independent hosts are cited.',
  conflicts:
    'Conflicts (checked by the engine, not asked of a model): where the findings give different values for the same thing, the answer states every value with its citations, never one alone.',
  window:
    'Window (checked by the engine, not asked of a model): when the question asks for recent sources, no cited source is dated before the window it asks for.',
  claims:
    'Claims (checked by the engine, not asked of a model): enough of the factual sentences are supported by their quotes, and every covered sub-question has a supported sentence.',
};

/** System prompt of the batched evaluation: every chosen check, judged independently. */
export function checkBatchSystem(checks: readonly EvaluationCheck[]): string {
  return [
    'You evaluate a research answer against each of the checks below, independently: a verdict on one check never excuses a failure on another.',
    ...checks.map((check) => `- ${checkInstructions[check]}`),
    'Give one verdict per check, for every check.',
    UNTRUSTED_NOTICE,
  ].join('\n');
}

/** The question whose checks are chosen. */
export function checkSelectionPrompt(run: RunRecords): string {
  return joinSections(dateLine(), questionSection(run));
}

/** One line per reference: URL, date, whether its quote was verified, its credibility, and the quote. */
export function referenceLines(run: RunRecords, references: readonly Reference[]): string {
  if (references.length === 0) return 'The answer has no references.';
  const lines = references.map((reference, index) => {
    const date = referenceDate(run, reference);
    const verified = reference.verified
      ? 'quote found in the source and supports its sentences'
      : 'quote NOT verified';
    const credibility = reference.credibility
      ? ` credibility ${inlineWebText(describeCredibility(reference.credibility))}`
      : '';
    return `[${index + 1}] ${inlineWebText(reference.url)} (published: ${inlineWebText(date ?? 'unknown', 40)}; ${verified})${credibility}: "${inlineWebText(reference.quote)}"`;
  });
  return `<references>\n${lines.join('\n')}\n</references>`;
}

/**
 * The checks, the answer, its dated references and the engine's claim checks (each sentence's
 * verdict and reason, sub-question coverage); with `strict`, source passages too.
 */
export function checkBatchPrompt(
  checks: readonly EvaluationCheck[],
  run: RunRecords,
  draft: { answer: string; references: readonly Reference[]; claimCheck: string },
): string {
  return joinSections(
    dateLine(),
    `<checks>\n${checks.join('\n')}\n</checks>`,
    questionSection(run),
    checks.includes('freshness') ? recencyLine(run) : '',
    `<answer>\n${untrustedBlock(draft.answer)}\n</answer>`,
    referenceLines(run, draft.references),
    `The engine checked each sentence against its quotes; an answer whose sentences it could not verify is not supported by its references:\n<claim-check>\n${untrustedBlock(draft.claimCheck)}\n</claim-check>`,
    checks.includes('strict') ? passagesSection(run, STRICT_REVIEW_KNOWLEDGE_CHARS) : '',
  );
}
