import { type ResearchResult, referenceListMarkdown } from '../contract/index.js';
import { reportParts } from './sections.js';

/**
 * A finished run as a markdown document: what the terminal prints, and what the `.md` export and
 * the server's markdown report hold. The question (or the report's own title), the answer, where
 * the sources differ, its references with quotes (a report that lists them itself keeps its own
 * list), the support rate, what stayed unsettled, follow-up questions and how an unfinished run
 * ended.
 */
export function reportMarkdown(question: string, result: ResearchResult): string {
  const parts = reportParts(question, result, 'keep');
  const sections = [parts.ownTitle ? '' : `# ${parts.title}`, parts.answer, parts.conflicts];
  if (parts.references.length > 0) sections.push(referenceListMarkdown(result.references, result.claims));
  sections.push(...parts.closing);
  return `${sections.filter(Boolean).join('\n\n')}\n`;
}
