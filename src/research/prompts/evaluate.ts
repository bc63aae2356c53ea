import { z } from 'zod';
import type { EvaluationCheck } from '../../contract/index.js';
import { STRICT_REVIEW_KNOWLEDGE_CHARS } from '../constants.js';
import type { RunState } from '../run-state.js';
import type { Reference } from '../types.js';
import { dateLine, joinSections, passagesSection } from './context.js';
import { UNTRUSTED_NOTICE } from './untrusted.js';

/** The evaluator's choice of checks for a question. */
export const checkSelectionSchema = z.object({
  think: z.string().describe('Brief reasoning about what a good answer to this question must have.'),
  definitive: z.boolean().describe('A good answer must be definitive, not hedged or "I don\'t know".'),
  freshness: z.boolean().describe('The answer depends on recent information that may be outdated.'),
  plurality: z.boolean().describe('The question asks for several items (e.g. "three examples").'),
  completeness: z.boolean().describe('The question names several aspects that must all be covered.'),
});
export type CheckSelection = z.infer<typeof checkSelectionSchema>;

/** The verdict of one check. */
export const checkResultSchema = z.object({
  think: z.string().describe('Brief reasoning about the answer against this check.'),
  pass: z.boolean().describe('True when the answer meets this check.'),
  improvement: z
    .string()
    .describe('When it fails: what the next answer must do better. Empty when it passes.'),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** System prompt of the check choice. */
export const checkSelectionSystem =
  'You decide which quality checks an answer to a question must pass. Choose only the checks the question really needs.';

/** What each check asks of the answer. */
export const checkInstructions: Record<EvaluationCheck, string> = {
  definitive:
    'Definitive: the answer states a clear answer; it does not hedge, refuse or say the information is unavailable.',
  freshness:
    "Freshness: the information is recent enough for the question, judged against today's date and the sources.",
  plurality: 'Plurality: the answer gives as many items as the question asks for.',
  completeness: 'Completeness: the answer covers every aspect the question names.',
  strict:
    'Strict review: be a demanding reviewer. Fail the answer if it is vague, unsupported by its references, contradicts them, or misses what an expert would expect.',
};

/** System prompt of one check. */
export function checkSystem(check: EvaluationCheck): string {
  return [
    'You evaluate a research answer against one check.',
    checkInstructions[check],
    UNTRUSTED_NOTICE,
  ].join('\n');
}

/** The question whose checks are chosen. */
export function checkSelectionPrompt(state: RunState): string {
  return joinSections(dateLine(), `<question>\n${state.question}\n</question>`);
}

/** The answer and its references for one check; the strict review also sees source passages. */
export function checkPrompt(
  check: EvaluationCheck,
  state: RunState,
  answer: string,
  references: readonly Reference[],
): string {
  const referenceLines = references.map(
    (reference, index) =>
      `[${index + 1}] ${reference.url} (${reference.verified ? 'quote found in the source and supports its sentences' : 'quote NOT verified'}): "${reference.quote}"`,
  );
  return joinSections(
    dateLine(),
    `<question>\n${state.question}\n</question>`,
    `<answer>\n${answer}\n</answer>`,
    referenceLines.length > 0
      ? `<references>\n${referenceLines.join('\n')}\n</references>`
      : 'The answer has no references.',
    check === 'strict' ? passagesSection(state, STRICT_REVIEW_KNOWLEDGE_CHARS) : '',
  );
}
