import { z } from 'zod';
import type { RunRecords } from '../run/run-records.js';
import type { LoopView } from '../run/step-context.js';
import { inlineWebText, UNTRUSTED_NOTICE, untrustedBlock } from '../text/untrusted.js';
import { dateLine, historySection, joinSections, planSection, questionSection } from './context.js';
import { diarySection } from './steering-sections.js';

/** The analysis of the steps that led to a rejected answer (node-DeepResearch's `analyzeSteps`). */
export const stepAnalysisSchema = z.object({
  recap: z
    .string()
    .describe(
      'What the research did, in two or three sentences: the searches, the pages read, the answer written.',
    ),
  blame: z
    .string()
    .describe('What went wrong: why the answer was rejected, traced to the steps that caused it.'),
  improvement: z
    .string()
    .describe('What to change in the next steps: concrete searches, sources or sub-questions to pursue.'),
});
export type StepAnalysis = z.infer<typeof stepAnalysisSchema>;

/** System prompt of the step analysis. */
export const stepAnalysisSystem = [
  'You review a research process whose answer an evaluator rejected. Recap the steps taken, say what went wrong (the steps that led to the rejection, not only the answer), and what the next steps must change.',
  'Be concrete: name queries to try, kinds of source to read, sub-questions to settle. Do not write an answer.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The question, the plan, the steps taken, the rejected answer and the evaluator's reasons. */
export function stepAnalysisPrompt(
  run: RunRecords,
  loop: Pick<LoopView, 'diary'>,
  rejected: { answer: string; feedback: string },
): string {
  return joinSections(
    dateLine(),
    questionSection(run),
    planSection(run),
    diarySection(loop),
    historySection(run),
    `<answer>\n${untrustedBlock(rejected.answer)}\n</answer>`,
    `Why the evaluator rejected it:\n<rejection>\n${untrustedBlock(rejected.feedback)}\n</rejection>`,
  );
}

/**
 * The latest analysis, for the planner's next prompt: the model wrote it from web text, so it is
 * shown as data like every other untrusted line.
 */
export function stepAnalysisSection(run: Pick<RunRecords, 'drafts'>): string {
  const analysis = run.drafts.analysis;
  if (!analysis) return '';
  return [
    `<step-analysis>`,
    `Analysis of your steps after answer ${analysis.attempt} was rejected:`,
    `- recap: ${inlineWebText(analysis.recap)}`,
    `- what went wrong: ${inlineWebText(analysis.blame)}`,
    `- what to change: ${inlineWebText(analysis.improvement)}`,
    `</step-analysis>`,
  ].join('\n');
}
