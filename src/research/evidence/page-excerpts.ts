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
function plainScores(passages: readonly { text: string }[], queries: readonly string[]): number[][] {
  const index = createBm25Index();
  for (const passage of passages) index.add(passage.text);
  return queries.map((query) => index.scores(query));
}

/** A query for the excerpt: a sub-question's words, and whether it is a deep-dive. */
export type ExcerptQuery = string | { text: string; deep: boolean };

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
  const asked = queries.map((query) => (typeof query === 'string' ? { text: query, deep: false } : query));
  // The page's words were read once when it arrived (`tokenSpansOf`); each passage counts only
  // the queries' words among its own.
  const spans = tokenSpansOf(source);
  const texts = asked.map((query) => query.text);
  const scored = spans ? sliceScores(spans, passages, texts) : plainScores(passages, texts);
  const rankings = asked.map(({ deep }, queryPosition) => {
    const scores = scored[queryPosition] ?? [];
    const best = Math.max(0, ...scores);
    const share = deep ? DEEP_RELATIVE_SCORE : RELATIVE_SCORE;
    const ranked = passages
      .map((_, position) => position)
      .filter((position) => best > 0 && (scores[position] ?? 0) >= best * share)
      .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    return { ranked, turns: deep ? 2 : 1 };
  });
  const chosen = new Set<number>();
  let used = 0;
  const take = (position: number) => {
    const passage = passages[position];
    if (!passage || chosen.has(position) || used + passage.text.length > maxChars) return;
    chosen.add(position);
    used += passage.text.length;
  };
  take(0);
  const next = rankings.map(() => 0);
  const left = () => rankings.some((ranking, position) => (next[position] ?? 0) < ranking.ranked.length);
  while (left()) {
    rankings.forEach((ranking, position) => {
      for (let turn = 0; turn < ranking.turns; turn += 1) {
        const at = next[position] ?? 0;
        const passage = ranking.ranked[at];
        if (passage === undefined) return;
        next[position] = at + 1;
        take(passage);
      }
    });
  }
  const floor = Math.min(maxChars, MIN_PAGE_EXCERPT_CHARS);
  for (let position = 1; position < passages.length && used < floor; position += 1) take(position);
  const ranges: TextRange[] = [];
  for (const position of [...chosen].sort((a, b) => a - b)) {
    const passage = passages[position];
    if (!passage) continue;
    const last = ranges.at(-1);
    if (last && passages[position - 1] && chosen.has(position - 1)) last.end = passage.end;
    else ranges.push({ start: passage.start, end: passage.end });
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
