import { z } from 'zod';
import type { Reference, SourceConflict } from '../../contract/index.js';
import type { RunRecords } from '../run/run-records.js';
import { escapeUntrusted, UNTRUSTED_NOTICE, untrustedBlock } from '../text/untrusted.js';
import { dateLine, joinSections, planSection, questionSection, recencyLine } from './context.js';
import { referenceLines } from './evaluate-prompt.js';

const score = (what: string) => z.number().describe(`${what}, from 0 (worst) to 10 (best).`);
const items = (what: string) => z.array(z.string()).describe(`${what}, one short sentence each (0 to 5).`);

/** The final evaluation of an answer: four scores and three short lists. */
export const finalEvaluationSchema = z.object({
  scores: z.object({
    relevance: score('How directly the answer addresses the question'),
    accuracy: score('How well its claims are supported by the quoted references'),
    completeness: score('How fully it covers the question and every sub-question'),
    sourceQuality: score('How credible, independent and current its cited sources are'),
  }),
  strengths: items('What the answer does well'),
  weaknesses: items('What is missing, weak or unsupported'),
  recommendations: items('What further research or rewriting would improve it'),
  followUps: z
    .array(z.string().nullable().catch(null))
    .catch([])
    .describe(
      'Three questions worth researching next, each one self-contained question ending with "?": what the open or unanswerable sub-questions, the conflicting sources and your weaknesses leave unsettled.',
    ),
});

/** System prompt of the final evaluation. */
export const finalEvaluationSystem = [
  'You grade a finished research answer. Score relevance, accuracy, completeness and source quality from 0 to 10, and list strengths, weaknesses and recommendations.',
  'Be calibrated: unsupported claims lower accuracy, open sub-questions lower completeness, one host, undated sources or low credibility (the engine scores each reference from its address and page, 0 to 1) lower source quality.',
  'Then suggest three follow-up questions a reader would research next: from the sub-questions left open or unanswerable, the values the sources disagree on, and the weaknesses you found. Never repeat the question itself.',
  UNTRUSTED_NOTICE,
].join('\n');

/** The question, the plan with its status, the answer, its dated references and the claim figures. */
export function finalEvaluationPrompt(
  run: RunRecords,
  answer: { answer: string; references: readonly Reference[] },
  ending: { stopped: string; claimCheck: string; conflicts?: readonly SourceConflict[] },
): string {
  const conflicts = (ending.conflicts ?? []).map(
    (conflict) =>
      `- ${escapeUntrusted(conflict.about)}: ${conflict.values.map((value) => escapeUntrusted(value.value)).join(' | ')}`,
  );
  return joinSections(
    dateLine(),
    questionSection(run),
    recencyLine(run),
    planSection(run),
    `How the research ended: ${ending.stopped}`,
    `<answer>\n${untrustedBlock(answer.answer)}\n</answer>`,
    referenceLines(run, answer.references),
    conflicts.length > 0
      ? `Values the sources disagree on:\n<conflicts>\n${conflicts.join('\n')}\n</conflicts>`
      : '',
    `The engine's claim check (each sentence's verdict and reason; unsupported sentences were removed from the answer):\n<claim-check>\n${untrustedBlock(ending.claimCheck)}\n</claim-check>`,
  );
}
