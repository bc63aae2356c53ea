import { z } from 'zod';
import { MAX_CLARIFY_QUESTIONS } from '../../contract/index.js';
import type { RunRecords } from '../run/run-records.js';
import { dateLine, joinSections, questionSection } from './context.js';

/**
 * The clarifier's decision: the questions worth asking the person before research, or none. Each
 * item that is not a string becomes `null` (and is dropped); the engine keeps at most
 * `MAX_CLARIFY_QUESTIONS` and clips long ones, whatever the model returns.
 */
export const clarifySchema = z.object({
  think: z
    .string()
    .catch('')
    .describe('Brief reasoning: is the question ambiguous or underspecified, and how?'),
  questions: z
    .array(z.string().nullable().catch(null))
    .catch([])
    .describe(
      `Up to ${MAX_CLARIFY_QUESTIONS} short questions whose answers change what should be researched; an empty list when the question is clear enough.`,
    ),
});

/** System prompt of the clarifier. */
export const clarifySystem = [
  'Before web research starts, decide whether the question is ambiguous or underspecified in a way that changes what should be researched (which thing, which place, which period, which audience or depth).',
  `If it is, ask at most ${MAX_CLARIFY_QUESTIONS} short questions, one line each. If it is clear enough, ask none: an empty list is the usual outcome.`,
  'Never answer the question yourself, and never ask what research can find out.',
].join('\n');

/** The question to decide about. */
export function clarifyPrompt(run: RunRecords): string {
  return joinSections(dateLine(), questionSection(run));
}
