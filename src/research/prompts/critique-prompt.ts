import { z } from 'zod';
import { SUB_QUESTION_INTENTS } from '../../contract/index.js';
import { MAX_GAP_SUB_QUESTIONS } from '../constants.js';
import type { RunRecords } from '../run/run-records.js';
import { UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, planSection, questionSection } from './context.js';
import { INTENT_HELP } from './intent-guidance.js';

/** The intent a gap gets when the critic gives none: a gap is one specific thing to find. */
export const DEFAULT_GAP_INTENT = 'deep-dive';

/** One gap: what is unanswered, as a sub-question to research. */
const gapSchema = z.object({
  question: z.string().min(1).describe('The missing piece, as a sub-question to research.'),
  intent: z.enum(SUB_QUESTION_INTENTS).catch(DEFAULT_GAP_INTENT).describe(INTENT_HELP),
  perspective: z.string().catch('').describe('Name of the perspective of the plan it belongs to.'),
});
export type CritiqueGap = z.infer<typeof gapSchema>;

/**
 * What a critic finds missing before the answer is written. A gap may come as a bare string (its
 * question); an unknown intent becomes the default; any other malformed gap or claim becomes
 * `null`, and a malformed list an empty one, so one bad part costs only itself.
 * (Only static `catch` values: the schema must convert to JSON Schema for the providers.)
 */
export const critiqueSchema = z.object({
  think: z.string().describe('Brief reasoning: what would an expert reader still ask?'),
  gaps: z
    .array(z.union([gapSchema, z.string()]).nullable().catch(null))
    .catch([])
    .describe(
      `Parts of the question the findings do not answer yet and the checklist does not already ask (0 to ${MAX_GAP_SUB_QUESTIONS}). Empty when none.`,
    ),
  weakClaims: z
    .array(z.string().nullable().catch(null))
    .catch([])
    .describe('Claims the answer would need that no finding supports well (0 to 5). Empty when none.'),
});

/** A gap as the critique step uses it: a bare string is its question with the default intent. */
export function gapOf(raw: CritiqueGap | string | null): CritiqueGap | undefined {
  if (raw === null) return undefined;
  return typeof raw === 'string' ? { question: raw, intent: DEFAULT_GAP_INTENT, perspective: '' } : raw;
}

/** System prompt of the critique before synthesis. */
export const critiqueSystem = [
  'You critique research before its answer is written. Given the question, the checklist and the findings (claims backed by verbatim quotes), list what is still unanswered and which claims the answer would need that lack evidence.',
  'Each gap becomes a new sub-question the research must cover before answering: list only real gaps that no sub-question of the checklist already asks; an empty list is a fine answer when the findings cover the question.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The question, the plan with what covers each item, and the findings. */
export function critiquePrompt(run: RunRecords, findings: string): string {
  return joinSections(dateLine(), questionSection(run), planSection(run), findings);
}
