import { type Source, splitPassages } from '../../reader/index.js';
import { EXCERPT_PASSAGE_CHARS, MIN_PAGE_EXCERPT_CHARS } from '../constants.js';
import { createBm25Index, sliceScores } from '../text/bm25-index.js';
import { tokenSpansOf } from '../text/token-spans.js';
import type { TextRange } from './citations.js';

/** The parts of a page shown to the extractor: ranges of its text, in reading order. */
export interface PageExcerpt {
  source: Source;
  ranges: TextRange[];
  /** Characters shown. */
  chars: number;
}

/** Share of a query's best passage score a passage needs to be shown for that query. */
const RELATIVE_SCORE = 0.5;
/** The lower share for a deep-dive query: it reads more of the page around its subject. */
const DEEP_RELATIVE_SCORE = 0.2;

/** BM25 scores of the passages against each query, each passage's text tokenized on its own. */
function plainScores(passages: readonly { text: string }[], queries: readonly string[]): Float64Array[] {
  const index = createBm25Index();
  for (const passage of passages) index.add(passage.text);
  return queries.map((query) => Float64Array.from(index.scores(query)));
}

/** A query for the excerpt: a sub-question's words, and whether it is a deep-dive. */
export type ExcerptQuery = string | { text: string; deep: boolean };

/** The passages a query may show, best first, and the turns it takes each round. */
interface Ranking {
  ranked: number[];
  turns: number;
}

/**
 * Positions of the passages scoring at least `share` of the best score (none when the best is 0),
 * best first, ties in reading order.
 */
function rankPassages(scores: Float64Array, share: number): number[] {
  let best = 0;
  for (let position = 0; position < scores.length; position += 1)
    if ((scores[position] ?? 0) > best) best = scores[position] ?? 0;
  const ranked: number[] = [];
  if (best <= 0) return ranked;
  const floor = best * share;
  for (let position = 0; position < scores.length; position += 1)
    if ((scores[position] ?? 0) >= floor) ranked.push(position);
  // Array sort is stable: passages scoring the same stay in reading order.
  return ranked.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
}

/**
 * The passages of a page most relevant to the queries (one per sub-question), within `maxChars`:
 * the page's opening passage, then each query's passages that score at least RELATIVE_SCORE of
 * its best, queries taking turns so every sub-question is represented. A page where little
 * matches is shown from its start up to MIN_PAGE_EXCERPT_CHARS. Adjacent passages are merged. A
 * deep-dive query reads deeper: passages down to DEEP_RELATIVE_SCORE of its best count for it,
 * and it takes two turns for each one of the others.
 */
export function excerptPage(source: Source, queries: readonly ExcerptQuery[], maxChars: number): PageExcerpt {
  const passages = splitPassages(source.text, { targetChars: EXCERPT_PASSAGE_CHARS });
  // Plain loops over arrays of one kind each: this runs for every page read, and V8 optimises
  // it early and keeps it optimised (arrays made by map/filter differ in kind when empty).
  const texts: string[] = [];
  const deep: boolean[] = [];
  for (const query of queries) {
    texts.push(typeof query === 'string' ? query : query.text);
    deep.push(typeof query !== 'string' && query.deep);
  }
  // The page's words were read once when it arrived (`tokenSpansOf`); each passage counts only
  // the queries' words among its own.
  const spans = tokenSpansOf(source);
  const scored = spans ? sliceScores(spans, passages, texts) : plainScores(passages, texts);
  const rankings: Ranking[] = [];
  for (let position = 0; position < texts.length; position += 1) {
    const scores = scored[position] ?? new Float64Array(0);
    rankings.push({
      ranked: rankPassages(scores, deep[position] ? DEEP_RELATIVE_SCORE : RELATIVE_SCORE),
      turns: deep[position] ? 2 : 1,
    });
  }
  const chosen = new Uint8Array(passages.length);
  let used = 0;
  const take = (position: number) => {
    const passage = passages[position];
    if (!passage || chosen[position] === 1 || used + passage.text.length > maxChars) return;
    chosen[position] = 1;
    used += passage.text.length;
  };
  take(0);
  // Queries take turns (a deep-dive two at a time) until every one has offered all its passages.
  const next = new Uint32Array(rankings.length);
  for (let left = true; left; ) {
    left = false;
    for (let position = 0; position < rankings.length; position += 1) {
      const ranking = rankings[position];
      if (!ranking) continue;
      let at = next[position] ?? 0;
      for (let turn = 0; turn < ranking.turns && at < ranking.ranked.length; turn += 1) {
        take(ranking.ranked[at] ?? 0);
        at += 1;
      }
      next[position] = at;
      if (at < ranking.ranked.length) left = true;
    }
  }
  const floor = Math.min(maxChars, MIN_PAGE_EXCERPT_CHARS);
  for (let position = 1; position < passages.length && used < floor; position += 1) take(position);
  const ranges: TextRange[] = [];
  let last: TextRange | undefined;
  for (let position = 0; position < passages.length; position += 1) {
    const passage = passages[position];
    if (!passage || chosen[position] !== 1) continue;
    if (last && chosen[position - 1] === 1) last.end = passage.end;
    else {
      last = { start: passage.start, end: passage.end };
      ranges.push(last);
    }
  }
  return { source, ranges, chars: used };
}

/** The excerpt as text: its ranges in order, gaps marked with "[…]". */
export function excerptText(excerpt: PageExcerpt): string {
  const { text } = excerpt.source;
  const parts: string[] = [];
  let cursor = 0;
  for (const range of excerpt.ranges) {
    if (range.start > cursor) parts.push('[…]');
    parts.push(text.slice(range.start, range.end));
    cursor = range.end;
  }
  if (cursor < text.length) parts.push('[…]');
  return parts.join('\n\n');
}
