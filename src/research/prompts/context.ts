import type { SubQuestion } from '../../contract/index.js';
import { POOL_URLS_PER_PROMPT, QUERIES_PER_PROMPT } from '../constants.js';
import { freshnessFailed } from '../evaluation/drafts.js';
import { findingHosts, hostsWithFindings } from '../evidence/coverage.js';
import { focusQuery, openSubQuestions } from '../plan/plan-record.js';
import type { RunRecords } from '../run/run-records.js';
import { clusterCandidates } from '../sources/clusters.js';
import { describeCredibility } from '../sources/credibility.js';
import {
  type RankedCandidate,
  type RerankNeed,
  type RerankSignals,
  rerankCandidates,
} from '../sources/rerank.js';
import { recencyWindow } from '../sources/search-window.js';
import { inlineWebText, sourceBlock, untrustedBlock } from '../text/untrusted.js';

/** Characters of a search result's title and snippet shown in the URL list. */
const TITLE_CHARS = 120;
const SNIPPET_CHARS = 200;

/** "Answer in de." when a language is set, else nothing. */
export function languageLine(run: RunRecords): string {
  return run.options.language ? `Write in the language with code "${run.options.language}".` : '';
}

/**
 * The run's question as its own block; a question can come from an API client or an earlier run.
 * With the person's clarifications (`clarify`), those follow in their own block, escaped like it.
 */
export function questionSection(
  run: Pick<RunRecords, 'question'> & Partial<Pick<RunRecords, 'input'>>,
): string {
  const question = `<question>\n${untrustedBlock(run.question)}\n</question>`;
  const clarifications = run.input?.clarifications ?? [];
  if (clarifications.length === 0) return question;
  const lines = clarifications.map((item) =>
    item.question
      ? `- Asked: ${inlineWebText(item.question)} Answered: ${inlineWebText(item.answer)}`
      : `- ${inlineWebText(item.answer)}`,
  );
  return `${question}\n<clarifications>\nThe person who asked clarified the question before research:\n${lines.join('\n')}\n</clarifications>`;
}

/** Today's date line, so freshness can be judged. */
export function dateLine(): string {
  return `Today is ${new Date().toISOString().slice(0, 10)}.`;
}

/** The window the question's recent events ask for, so freshness is judged against it; else nothing. */
export function recencyLine(run: RunRecords): string {
  const window = recencyWindow({
    question: run.question,
    freshnessFailed: freshnessFailed(run.drafts),
    now: new Date(),
  });
  return window ? `Sources should date from the last ${window.range} (${window.reason}).` : '';
}

/** What the question wants of its sources, when it wants something: the planner should prefer it. */
export function sourceIntentLine(run: Pick<RunRecords, 'plan'>): string {
  const intent = run.plan.intent;
  if (!intent || intent.intent === 'none') return '';
  const wanted =
    intent.intent === 'site' ? `pages of ${intent.site ?? 'the site it names'}` : `${intent.intent} sources`;
  return `The question wants ${inlineWebText(wanted, 80)} (${inlineWebText(intent.reason, 120)}): prefer them when choosing what to search and read.`;
}

/**
 * The checklist with ids, intents and status; grouped under the perspectives when there are
 * several (a sub-question from an earlier version's run, with none, is listed after them).
 */
export function planSection(run: RunRecords): string {
  if (run.plan.subQuestions.length === 0) return '';
  const line = (item: SubQuestion) =>
    `- [${item.status === 'closed' ? 'x' : ' '}] ${item.id} (${item.intent}${item.origin === 'critique' ? ', from the critique' : ''}): ${inlineWebText(item.text)}${item.note ? ` — ${inlineWebText(item.note)}` : ''}`;
  if (run.plan.perspectives.length < 2) {
    return `<plan>\n${run.plan.subQuestions.map(line).join('\n')}\n</plan>`;
  }
  const known = new Set(run.plan.perspectives.map((perspective) => perspective.id));
  const groups = run.plan.perspectives.map((perspective) => {
    const members = run.plan.subQuestions.filter((item) => item.perspective === perspective.id);
    return [
      `Perspective "${inlineWebText(perspective.name)}"${perspective.focus ? ` (${inlineWebText(perspective.focus)})` : ''}:`,
      ...members.map(line),
    ].join('\n');
  });
  const loose = run.plan.subQuestions.filter((item) => !item.perspective || !known.has(item.perspective));
  return `<plan>\n${[...groups, ...loose.map(line)].join('\n')}\n</plan>`;
}

/** Recent non-source knowledge: evaluation feedback, answered sub-questions, notes. */
export function notesSection(run: RunRecords): string {
  const notes = run.evidence.knowledge.recentNotes();
  if (notes.length === 0) return '';
  const lines = notes.map(
    (item) =>
      `- (${item.kind}) ${item.question ? `${inlineWebText(item.question)}: ` : ''}${inlineWebText(item.content)}`,
  );
  return `<notes>\n${lines.join('\n')}\n</notes>`;
}

/** The most relevant passages of read sources, as untrusted source blocks, within the character cap. */
export function passagesSection(run: RunRecords, maxChars: number): string {
  const passages = run.evidence.knowledge.topPassages(focusQuery(run), maxChars);
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
 * The run's signals: open sub-questions, the question, cited hosts, and the window recent
 * candidates are preferred in: the latest time-ranged search's, else the one the question asks for
 * or a failed freshness check calls for (`recencyWindow`).
 */
function rerankSignals(run: RunRecords): RerankSignals {
  const open = openSubQuestions(run.plan);
  const needs: RerankNeed[] =
    open.length > 0
      ? open.map((item) => ({
          id: item.id,
          text: item.text,
          intent: item.intent,
          hosts: findingHosts(run, item),
        }))
      : [{ text: run.question }];
  const citedHosts = hostsWithFindings(run);
  const timeRange =
    run.sources.pool.timeRange ??
    recencyWindow({ question: run.question, freshnessFailed: freshnessFailed(run.drafts), now: new Date() })
      ?.range;
  return {
    needs,
    question: run.question,
    citedHosts,
    intent: run.plan.intent,
    timeRange,
  };
}

/** The best unread candidates of the run's pool, reranked. */
function rankedCandidates(run: RunRecords, limit: number): RankedCandidate[] {
  return rerankCandidates(run.sources.pool.unreadCandidates(), rerankSignals(run), limit);
}

/** One candidate's line: URL, title, date, snippet, why it ranks there and its credibility. */
function candidateLine({ entry, reasons, credibility }: RankedCandidate): string {
  const date = entry.publishedAt ? `${inlineWebText(shortDate(entry.publishedAt), 30)} | ` : '';
  const why = reasons.length > 0 ? ` | why: ${inlineWebText(reasons.join(', '))}` : '';
  return `- ${inlineWebText(entry.url)} | ${inlineWebText(entry.title, TITLE_CHARS)} | ${date}${inlineWebText(entry.snippet, SNIPPET_CHARS)}${why} | credibility ${inlineWebText(describeCredibility(credibility))}`;
}

/**
 * The best unread URLs, reranked for the open sub-questions (see `rerankCandidates`), with title,
 * date when known, snippet, why each ranks there and its credibility; grouped by topic
 * (`clusterCandidates`) under a short label when they fall into several, so the planner can read
 * across topics.
 */
export function poolSection(run: RunRecords): string {
  const candidates = rankedCandidates(run, POOL_URLS_PER_PROMPT);
  if (candidates.length === 0) return '';
  const clusters = clusterCandidates(candidates, ({ entry }) => `${entry.title} ${entry.snippet}`);
  const lines =
    clusters.length < 2
      ? candidates.map(candidateLine)
      : clusters.flatMap((cluster) => [
          `Topic "${inlineWebText(cluster.label, TITLE_CHARS)}" (${cluster.members.length}):`,
          ...cluster.members.map(candidateLine),
        ]);
  return `<unread-urls>\n${lines.join('\n')}\n</unread-urls>`;
}

/** Queries searched and URLs read, so the planner does not repeat them. */
export function historySection(run: RunRecords): string {
  const queries = run.sources.queries.slice(-QUERIES_PER_PROMPT).map((query) => inlineWebText(query));
  // Pages are stored under both their URLs: each read URL is escaped once, then the lines deduplicated.
  const urls = new Set([...run.sources.pages.values()].map((source) => source.url));
  const read = [...new Set([...urls].map((url) => inlineWebText(url)))];
  const parts: string[] = [];
  if (queries.length > 0) parts.push(`Queries already searched (do not repeat): ${queries.join(' | ')}`);
  if (read.length > 0) parts.push(`URLs already read (do not read again): ${read.join(' ')}`);
  return parts.join('\n');
}

/** Joins non-empty sections with blank lines. */
export function joinSections(...sections: string[]): string {
  return sections.filter((section) => section.trim().length > 0).join('\n\n');
}
