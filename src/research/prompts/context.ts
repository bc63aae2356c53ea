import type { SubQuestion } from '../../contract/index.js';
import { POOL_URLS_PER_PROMPT, QUERIES_PER_PROMPT } from '../constants.js';
import { focusQuery, type RunState } from '../run-state.js';
import { rankedCandidates } from '../sources/rerank.js';
import { inlineWebText, sourceBlock } from './untrusted.js';

/** Characters of a search result's title and snippet shown in the URL list. */
const TITLE_CHARS = 120;
const SNIPPET_CHARS = 200;

/** "Answer in de." when a language is set, else nothing. */
export function languageLine(state: RunState): string {
  return state.options.language ? `Write in the language with code "${state.options.language}".` : '';
}

/** Today's date line, so freshness can be judged. */
export function dateLine(): string {
  return `Today is ${new Date().toISOString().slice(0, 10)}.`;
}

/**
 * The checklist with ids, intents and status; grouped under the perspectives when there are
 * several (a sub-question from an earlier version's run, with none, is listed after them).
 */
export function planSection(state: RunState): string {
  if (state.subQuestions.length === 0) return '';
  const line = (item: SubQuestion) =>
    `- [${item.status === 'closed' ? 'x' : ' '}] ${item.id} (${item.intent}${item.origin === 'critique' ? ', from the critique' : ''}): ${item.text}${item.note ? ` — ${item.note}` : ''}`;
  if (state.perspectives.length < 2) {
    return `<plan>\n${state.subQuestions.map(line).join('\n')}\n</plan>`;
  }
  const known = new Set(state.perspectives.map((perspective) => perspective.id));
  const groups = state.perspectives.map((perspective) => {
    const members = state.subQuestions.filter((item) => item.perspective === perspective.id);
    return [
      `Perspective "${perspective.name}"${perspective.focus ? ` (${perspective.focus})` : ''}:`,
      ...members.map(line),
    ].join('\n');
  });
  const loose = state.subQuestions.filter((item) => !item.perspective || !known.has(item.perspective));
  return `<plan>\n${[...groups, ...loose.map(line)].join('\n')}\n</plan>`;
}

/** Recent non-source knowledge: evaluation feedback, answered sub-questions, notes. */
export function notesSection(state: RunState): string {
  const notes = state.knowledge.recentNotes();
  if (notes.length === 0) return '';
  const lines = notes.map(
    (item) => `- (${item.kind}) ${item.question ? `${item.question}: ` : ''}${item.content}`,
  );
  return `<notes>\n${lines.join('\n')}\n</notes>`;
}

/** The most relevant passages of read sources, as untrusted source blocks, within the character cap. */
export function passagesSection(state: RunState, maxChars: number): string {
  const passages = state.knowledge.topPassages(focusQuery(state), maxChars);
  if (passages.length === 0) return '';
  return `<knowledge>\n${passages.map((passage) => sourceBlock(passage)).join('\n')}\n</knowledge>`;
}

/** A date as the planner needs it: the day, and the time of day when the source gave one. */
function shortDate(iso: string): string {
  const time = iso.slice(11, 16);
  return /^\d{4}-\d{2}-\d{2}T/.test(iso) && time !== '00:00'
    ? `${iso.slice(0, 10)} ${time} UTC`
    : iso.slice(0, 10);
}

/**
 * The best unread URLs, reranked for the open sub-questions (see `rerankCandidates`), with title,
 * date when known, snippet and why each ranks there.
 */
export function poolSection(state: RunState): string {
  const candidates = rankedCandidates(state, POOL_URLS_PER_PROMPT);
  if (candidates.length === 0) return '';
  const lines = candidates.map(
    ({ entry, reasons }) =>
      `- ${entry.url} | ${inlineWebText(entry.title, TITLE_CHARS)} | ${entry.publishedAt ? `${inlineWebText(shortDate(entry.publishedAt), 30)} | ` : ''}${inlineWebText(entry.snippet, SNIPPET_CHARS)}${reasons.length > 0 ? ` | why: ${reasons.join(', ')}` : ''}`,
  );
  return `<unread-urls>\n${lines.join('\n')}\n</unread-urls>`;
}

/** Queries searched and URLs read, so the planner does not repeat them. */
export function historySection(state: RunState): string {
  const queries = state.queries.slice(-QUERIES_PER_PROMPT);
  const read = [...new Set([...state.sources.values()].map((source) => source.url))];
  const parts: string[] = [];
  if (queries.length > 0) parts.push(`Queries already searched (do not repeat): ${queries.join(' | ')}`);
  if (read.length > 0) parts.push(`URLs already read (do not read again): ${read.join(' ')}`);
  return parts.join('\n');
}

/** Joins non-empty sections with blank lines. */
export function joinSections(...sections: string[]): string {
  return sections.filter((section) => section.trim().length > 0).join('\n\n');
}
