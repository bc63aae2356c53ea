import { type ResearchResult, referenceListMarkdown } from '../contract/index.js';
import {
  closingSections,
  conflictsSection,
  hasOwnTitle,
  NO_ANSWER,
  OWN_REFERENCE_LIST,
  titleOf,
} from './sections.js';

/**
 * A finished run as a markdown document: what the terminal prints, and what the `.md` export and
 * the server's markdown report hold. The question (or the report's own title), the answer, where
 * the sources differ, its references with quotes (a report that lists them itself keeps its own
 * list), the support rate, what stayed unsettled, follow-up questions and how an unfinished run
 * ended.
 */
export function reportMarkdown(question: string, result: ResearchResult): string {
  const answer = result.answer.trim() || NO_ANSWER;
  const parts = hasOwnTitle(answer) ? [answer] : [`# ${titleOf(question)}`, answer];
  const conflicts = conflictsSection(result);
  if (conflicts) parts.push(conflicts);
  if (result.references.length > 0 && !OWN_REFERENCE_LIST.test(result.answer))
    parts.push(referenceListMarkdown(result.references, result.claims));
  parts.push(...closingSections(result));
  return `${parts.join('\n\n')}\n`;
}
