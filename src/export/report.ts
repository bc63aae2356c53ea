import { type ResearchResult, referenceMarkdownLabel } from '../contract/index.js';
import {
  closingSections,
  conflictsSection,
  hasOwnTitle,
  NO_ANSWER,
  OWN_REFERENCE_LIST,
  quoteOf,
  referenceMark,
  titleOf,
} from './sections.js';

/** The references as a numbered list, each with its mark when not verified, and its quote. */
function referencesMarkdown(result: ResearchResult): string {
  const lines = result.references.map((reference, index) => {
    const mark = referenceMark(reference, result);
    const quote = quoteOf(reference);
    return `${index + 1}. ${referenceMarkdownLabel(reference)}${mark ? ` _${mark}_` : ''}${quote ? `\n   > ${quote}` : ''}`;
  });
  return `## References\n\n${lines.join('\n')}`;
}

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
    parts.push(referencesMarkdown(result));
  parts.push(...closingSections(result));
  return `${parts.join('\n\n')}\n`;
}
