import type { Source } from '../../reader/types.js';
import type { RunState } from '../run-state.js';
import {
  dateLine,
  joinSections,
  languageLine,
  notesSection,
  passagesSection,
  planSection,
} from './context.js';
import { inlineWebText, UNTRUSTED_NOTICE } from './untrusted.js';

/** Characters of a source's title in the numbered list. */
const TITLE_CHARS = 160;

/** System prompt of the long report: structure and citation rules. */
export function reportSystem(state: RunState): string {
  return [
    'Write a long, well-structured research report in markdown:',
    '# Title, a short summary, sections with ## headings covering each sub-question, a conclusion.',
    'Cite sources with [n] markers using the numbered source list; only cite what the sources say.',
    'Do not add a references list; it is appended for you.',
    UNTRUSTED_NOTICE,
    languageLine(state),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The question, plan, short answer, numbered sources and passages the report is written from. */
export function reportPrompt(state: RunState, answer: string, sources: readonly Source[]): string {
  // Titles are web text: one line, no angle brackets, so none can open or close a block.
  const list = sources.map(
    (source, index) =>
      `[${index + 1}] ${inlineWebText(source.title, TITLE_CHARS) || source.url} — ${source.url}`,
  );
  return joinSections(
    dateLine(),
    `<question>\n${state.question}\n</question>`,
    planSection(state),
    `<short-answer>\n${answer}\n</short-answer>`,
    list.length > 0 ? `<numbered-sources>\n${list.join('\n')}\n</numbered-sources>` : '',
    notesSection(state),
    passagesSection(state),
  );
}
