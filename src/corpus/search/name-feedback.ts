import type { SqliteDatabase } from '../database/index.js';
import type { CodeQuery } from './code-query.js';
import type { ScoredChunk } from './lexical.js';
import type { SymbolVocabulary } from './symbol-vocabulary.js';
import { usedNames } from './used-names.js';

/** Files of the first search whose names feed the second (RM3 reads the first few documents too). */
const FEEDBACK_FILES = 3;
/** Names added at most: the most specific ones. */
const FEEDBACK_NAMES = 5;

/** A search's page: each file's best passage first, in file order (see `orderByFile`), and each passage's file. */
export interface SearchPage {
  ranked: readonly ScoredChunk[];
  fileOf: ReadonlyMap<number, number>;
}

/**
 * Pseudo-relevance feedback restricted to the code's own names: the query with the names that the
 * first `FEEDBACK_FILES` files of its first search call or write as types and another file
 * defines (see `usedNames`: each file counts its share of the first score, specific names
 * first), `FEEDBACK_NAMES` at most, each a term of weight `weight`. A question's answer is often
 * spread over a file that holds its words and the collaborators that file calls, whose own text
 * does not (`validate.ts` beside `load-config.ts`). The same query when no name is added.
 */
export function withUsedNames(options: {
  db: SqliteDatabase;
  vocabulary: SymbolVocabulary;
  /** Copies of one module in several build folders (see `loadModuleCopies`): one definer. */
  copies: ReadonlyMap<number, number>;
  query: CodeQuery;
  first: SearchPage;
  weight: number;
}): CodeQuery {
  const { db, query, first, weight } = options;
  const top = first.ranked[0]?.score ?? 0;
  if (weight <= 0 || top <= 0) return query;
  const sources = first.ranked.slice(0, FEEDBACK_FILES).flatMap((entry) => {
    const fileId = first.fileOf.get(entry.chunkId);
    return fileId === undefined ? [] : [{ fileId, weight: entry.score / top }];
  });
  const known = new Set(query.terms.keys());
  const found = usedNames({
    db,
    vocabulary: options.vocabulary,
    copies: options.copies,
    sources,
    known,
    limit: FEEDBACK_NAMES,
  });
  if (found.length === 0) return query;
  const terms = new Map(query.terms);
  for (const { key } of found) terms.set(key, weight);
  return { ...query, terms };
}

/**
 * The second search's page with the first search's first `FEEDBACK_FILES` files kept first, in
 * their order: they are the evidence the added names came from, and the names are there to find
 * their collaborators, not to reorder them. Each keeps its second-search passage, its score
 * raised where needed to that of the file after it.
 */
export function keepFeedbackSources(first: SearchPage, second: SearchPage): ScoredChunk[] {
  const kept = first.ranked.slice(0, FEEDBACK_FILES).map((entry) => first.fileOf.get(entry.chunkId));
  const keptBest = new Map<number | undefined, ScoredChunk>();
  const others: ScoredChunk[] = [];
  const seen = new Set<number | undefined>();
  for (const entry of second.ranked) {
    const fileId = second.fileOf.get(entry.chunkId);
    const best = !seen.has(fileId);
    seen.add(fileId);
    if (best && kept.includes(fileId)) keptBest.set(fileId, entry);
    else others.push(entry);
  }
  const head = kept.flatMap((fileId) => {
    const entry = keptBest.get(fileId);
    return entry ? [{ ...entry }] : [];
  });
  // The page reads in descending score: a kept file scores at least as the file after it.
  for (let at = head.length - 1; at >= 0; at--) {
    const entry = head[at] as ScoredChunk;
    entry.score = Math.max(entry.score, head[at + 1]?.score ?? others[0]?.score ?? 0);
  }
  return [...head, ...others];
}
