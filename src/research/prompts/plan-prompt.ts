import { z } from 'zod';
import { SUB_QUESTION_INTENTS } from '../../contract/index.js';
import { MAX_PERSPECTIVES } from '../constants.js';
import type { RunRecords } from '../run/run-records.js';
import { dateLine, joinSections, languageLine, questionSection } from './context.js';
import { INTENT_HELP, PLANNED_SOURCE_INTENTS, SOURCE_INTENT_HELP } from './intent-guidance.js';
import { priorKnowledgeSection } from './prior-knowledge.js';

/**
 * The planner's decomposition of the question: perspectives, and sub-questions that each belong
 * to one. A malformed perspective or sub-question becomes `null` (and is dropped) instead of
 * failing the whole plan; a plan without perspectives gets the single perspective `main`.
 */
export const planSchema = z.object({
  think: z.string().describe('Brief reasoning about what the question needs.'),
  trivial: z
    .boolean()
    .describe(
      'True only when the question needs no research at all (a greeting, simple arithmetic, a definition everyone knows).',
    ),
  perspectives: z
    .array(
      z
        .object({
          name: z
            .string()
            .describe(
              'Short name of one angle: a viewpoint or aspect (history, mechanism, criticism, figures, a stakeholder) or, for a code or document corpus, a subsystem (a folder or module of the map).',
            ),
          focus: z.string().describe('What this perspective looks at, in one line.'),
        })
        .nullable()
        .catch(null),
    )
    .catch([])
    .describe(
      `Two to ${MAX_PERSPECTIVES - 1} distinct perspectives a complete answer must cover, most important first.`,
    ),
  subQuestions: z
    .array(
      z
        .object({
          text: z.string().min(1).describe('A sub-question whose answer helps answer the main question.'),
          intent: z.enum(SUB_QUESTION_INTENTS).describe(INTENT_HELP),
          perspective: z
            .string()
            .catch('')
            .describe('Name of the perspective (from the list above) this sub-question belongs to.'),
        })
        .nullable()
        .catch(null),
    )
    .describe('Two to six sub-questions, most important first; every perspective has at least one.'),
  // What the question wants of its sources when its words do not say (an unknown value is "none").
  sourceIntent: z.enum(PLANNED_SOURCE_INTENTS).catch('none').describe(SOURCE_INTENT_HELP),
});

/** System prompt of the plan. */
export const planSystem = [
  'You plan web research. First name the perspectives a complete answer must cover (distinct angles, not rephrasings of the question), then break the question into a short checklist of sub-questions, each with an intent and the perspective it belongs to.',
  'Mark the question trivial only when it can be answered correctly without any research.',
].join('\n');

/** The question (and language) to plan, with what earlier runs found when the run remembers any. */
export function planPrompt(run: RunRecords): string {
  return joinSections(dateLine(), languageLine(run), questionSection(run), priorKnowledgeSection(run));
}
