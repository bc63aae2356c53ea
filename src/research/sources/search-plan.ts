import { DEFAULT_RESULTS_PER_QUERY, MAX_QUERIES_PER_STEP } from '../../config/index.js';
import type { SubQuestion } from '../../contract/index.js';
import { EXPLORE_RESULTS_PER_QUERY, MAX_QUERY_CHARS, MAX_RESULTS_PER_QUERY } from '../constants.js';
import { bm25Scores } from '../text/bm25-index.js';
import { normalizeText } from '../text/words.js';
import { requestedCount } from './requested-count.js';
import { type SearchWindow, searchWindow } from './search-window.js';
import type { SourceRecord } from './source-record.js';
import type { SearchTimeRange } from './time-range.js';

/** What a search is planned against: the question and language, its open sub-questions, its past queries. */
export interface SearchPlanInput {
  question: string;
  options: { language?: string | undefined; searchLanguage?: string | undefined };
  plan: { subQuestions: readonly SubQuestion[] };
  sources: Pick<SourceRecord, 'queries'>;
}

/** A search action as the planner sent it; every field may be malformed model output. */
export interface SearchRequestOfPlanner {
  queries: readonly string[];
  timeRange?: SearchTimeRange | undefined;
  language?: string | undefined;
  subQuestion?: string | undefined;
  /** Results asked per query; clipped to `MAX_RESULTS_PER_QUERY`. */
  limit?: number | undefined;
}

/** What the engine knows of the run's need for recent sources when it plans a search. */
export interface SearchRecency {
  /** Whether the freshness check has rejected an answer of the run. */
  freshnessFailed: boolean;
  /** The run's clock. */
  now: Date;
}

/** What the search step runs, after validating and clipping the planner's action. */
export interface SearchPlan {
  /** New queries to run, at most `MAX_QUERIES_PER_STEP`. */
  queries: string[];
  /** The key each query is remembered under (words, window and language), by query. */
  keys: Map<string, string>;
  /** Language sent to the providers: the action's when valid, else the run's. */
  language: string | undefined;
  /** Results asked per query: the action's `limit` within bounds, else the default. */
  count: number;
  /** The window searched: the planner's, or one the engine inferred (see `searchWindow`). */
  window: SearchWindow | undefined;
  /** The sub-question the search serves (named, or the open one the queries match best). */
  subQuestion: SubQuestion | undefined;
  /** What was clipped or replaced, in short sentences for the planner. */
  notes: string[];
  /** How an explore search was broadened, when it was. */
  broadened: string | undefined;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of a language code (`de` → German), or undefined when the code is unknown. */
export function languageName(code: string): string | undefined {
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/.test(trimmed)) return undefined;
  try {
    return languageNames.of(trimmed.replace('_', '-'));
  } catch {
    // A structurally invalid tag: the same as an unknown one.
    return undefined;
  }
}

/** Quotes and search operators (`site:`, `intitle:`...) narrow a query; an explore search drops them. */
function broadened(query: string): string {
  return query
    .replace(/\b[a-z]+:\S+/gi, ' ')
    .replace(/["“”„«»]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The open sub-question named by id, or else the one the queries match best (none when no word matches). */
function servedSubQuestion(run: SearchPlanInput, id: string | undefined, queries: readonly string[]) {
  const open = run.plan.subQuestions.filter((item) => item.status === 'open');
  const named = id ? open.find((item) => item.id === id.trim().toLowerCase()) : undefined;
  if (named || open.length === 0) return named;
  const scores = bm25Scores(
    queries.join(' '),
    open.map((item) => item.text),
  );
  const best = scores.reduce((top, score, index) => (score > (scores[top] ?? 0) ? index : top), 0);
  return (scores[best] ?? 0) > 0 ? open[best] : undefined;
}

/** "1 empty query", "3 empty queries". */
function countQueries(count: number, adjective = ''): string {
  return `${count} ${adjective}${count === 1 ? 'query' : 'queries'}`;
}

/**
 * Validates and clips a search action: empty and repeated queries are dropped, over-long ones
 * cut, at most `MAX_QUERIES_PER_STEP` kept, an unknown language code replaced by the run's
 * language, a `limit` clipped to `MAX_RESULTS_PER_QUERY`. An `explore` sub-question broadens the
 * search: quotes and operators are dropped, more results are asked for, and the sub-question's own
 * words are searched when there is room. Without a valid window from the planner, the engine
 * chooses one when the question or sub-question asks for recent events or the freshness check
 * failed (`searchWindow`).
 */
export function planSearch(
  run: SearchPlanInput,
  action: SearchRequestOfPlanner,
  recency: SearchRecency,
): SearchPlan {
  const notes: string[] = [];
  const raw = Array.isArray(action.queries)
    ? action.queries.filter((query) => typeof query === 'string')
    : [];
  const nonEmpty = raw.map((query) => query.replace(/\s+/g, ' ').trim()).filter((query) => query.length > 0);
  if (nonEmpty.length < raw.length)
    notes.push(`dropped ${countQueries(raw.length - nonEmpty.length, 'empty ')}`);
  const cut = nonEmpty.filter((query) => query.length > MAX_QUERY_CHARS).length;
  if (cut > 0) notes.push(`cut ${countQueries(cut)} to ${MAX_QUERY_CHARS} characters`);

  // The searches' own language, when the run asked for one apart from the answer's.
  let language = run.options.searchLanguage ?? run.options.language;
  if (action.language !== undefined && action.language.trim() !== '') {
    if (languageName(action.language)) language = action.language.trim().replace('_', '-');
    else
      notes.push(
        `"${action.language.slice(0, 20)}" is not a known language code (use one like "de" or "pt-BR"); searched in ${language ? `"${language}"` : 'no particular language'}`,
      );
  }

  const subQuestion = servedSubQuestion(run, action.subQuestion, nonEmpty);
  const explore = subQuestion?.intent === 'explore';
  const window = searchWindow({
    question: run.question,
    asked: action.timeRange,
    subQuestion: subQuestion?.text,
    ...recency,
  });
  const candidates = nonEmpty.map((query) => query.slice(0, MAX_QUERY_CHARS));
  const wider = explore ? candidates.map(broadened).filter(Boolean) : candidates;
  const key = (query: string) =>
    [normalizeText(query), window && `[${window.range}]`, language && `{${language}}`]
      .filter(Boolean)
      .join(' ');

  const seen = new Set(run.sources.queries);
  const keys = new Map<string, string>();
  const used = new Set<string>();
  let repeats = 0;
  let searchedBefore = 0;
  for (const query of wider) {
    const queryKey = key(query);
    if (used.has(queryKey)) repeats += 1;
    else if (seen.has(queryKey)) searchedBefore += 1;
    else {
      keys.set(query, queryKey);
      used.add(queryKey);
    }
  }
  if (repeats > 0) notes.push(`dropped ${countQueries(repeats, 'repeated ')}`);
  if (searchedBefore > 0) notes.push(`skipped ${countQueries(searchedBefore)} searched before`);
  let queries = [...keys.keys()];
  if (queries.length > MAX_QUERIES_PER_STEP) {
    notes.push(
      `kept the first ${MAX_QUERIES_PER_STEP} of ${queries.length} queries (at most ${MAX_QUERIES_PER_STEP} a step)`,
    );
    queries = queries.slice(0, MAX_QUERIES_PER_STEP);
  }
  if (explore && subQuestion && queries.length > 0 && queries.length < MAX_QUERIES_PER_STEP) {
    const own = subQuestion.text.slice(0, MAX_QUERY_CHARS);
    const ownKey = key(own);
    if (!seen.has(ownKey) && !used.has(ownKey)) {
      keys.set(own, ownKey);
      queries.push(own);
    }
  }
  const count = requestedCount(action.limit, {
    what: 'results a query',
    max: MAX_RESULTS_PER_QUERY,
    fallback: explore ? EXPLORE_RESULTS_PER_QUERY : DEFAULT_RESULTS_PER_QUERY,
  });
  if (count.note) notes.push(count.note);
  const broadenedNote =
    explore && subQuestion && queries.length > 0
      ? `broadened for explore sub-question ${subQuestion.id}: no quotes or operators, ${count.value} results a query`
      : undefined;
  const kept = new Map(queries.map((query) => [query, keys.get(query) ?? key(query)]));
  return {
    queries,
    keys: kept,
    language,
    count: count.value,
    window,
    subQuestion,
    notes,
    broadened: broadenedNote,
  };
}
