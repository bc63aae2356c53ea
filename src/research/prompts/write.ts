import type { RunRecords } from '../run/run-records.js';
import { UNTRUSTED_NOTICE } from '../text/untrusted.js';
import {
  dateLine,
  joinSections,
  languageLine,
  notesSection,
  planSection,
  questionSection,
} from './context.js';

/** How every writer prompt asks for citations. */
export const CITATION_RULES = [
  'Every sentence that states a fact ends with the ids of the findings whose quotes run it, like [F3] or [F3, F7]. Cite only ids listed in <evidence>, and say only what their quotes say: no figure, name or date they lack.',
  'Where <conflicts> lists values the sources disagree on, state every value with its citations, e.g. "sources differ: 330 m [F1], 300 m [F2]"; never state one of them alone.',
  'Notes and context passages help you frame the answer but cannot be cited. Do not add a references list.',
].join('\n');

/** System prompt of the answer writer; `stopped` says why research stopped early, for forced answers. */
export function answerSystem(run: RunRecords, stopped?: string): string {
  return [
    'You write the answer to a research question from the findings gathered. Answer the question first and directly, then give the supporting details, grouped by sub-question where that helps. Say plainly what the findings do not settle.',
    stopped
      ? `Research stopped early (${stopped}); write the best answer the findings allow, without asking for more research.`
      : '',
    CITATION_RULES,
    'Markdown; short paragraphs or a list; no title.',
    UNTRUSTED_NOTICE,
    languageLine(run),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The question, the plan, feedback on earlier attempts and the evidence. */
export function answerPrompt(run: RunRecords, evidence: string): string {
  return joinSections(dateLine(), questionSection(run), planSection(run), notesSection(run), evidence);
}

/** System prompt of a direct answer to a question that needs no research. */
export function directAnswerSystem(run: RunRecords): string {
  return ['Answer the question directly and briefly; it needs no research.', languageLine(run)]
    .filter(Boolean)
    .join('\n');
}

/** The question alone. */
export function directAnswerPrompt(run: RunRecords): string {
  return joinSections(dateLine(), questionSection(run));
}
