import { splitPassages } from '../../reader/index.js';
import type { Source } from '../../reader/types.js';
import { EXCERPT_PASSAGE_CHARS, MIN_PAGE_EXCERPT_CHARS } from '../constants.js';
import type { TextRange } from './citations.js';
import { createBm25Index } from './text-rank.js';

/** The parts of a page shown to the extractor: ranges of its text, in reading order. */
export interface PageExcerpt {
  source: Source;
  ranges: TextRange[];
  /** Characters shown. */
  chars: number;
}

/** Share of a query's best passage score a passage needs to be shown for that query. */
const RELATIVE_SCORE = 0.5;

/**
 * The passages of a page most relevant to the queries (one per sub-question), within `maxChars`:
 * the page's opening passage, then each query's passages that score at least RELATIVE_SCORE of
 * its best, queries taking turns so every sub-question is represented. A page where little
 * matches is shown from its start up to MIN_PAGE_EXCERPT_CHARS. Adjacent passages are merged.
 */
export function excerptPage(source: Source, queries: readonly string[], maxChars: number): PageExcerpt {
  const passages = splitPassages(source.text, { targetChars: EXCERPT_PASSAGE_CHARS });
  const index = createBm25Index();
  for (const passage of passages) index.add(passage.text);
  const rankings = queries.map((query) => {
    const scores = index.scores(query);
    const best = Math.max(0, ...scores);
    return passages
      .map((_, position) => position)
      .filter((position) => best > 0 && (scores[position] ?? 0) >= best * RELATIVE_SCORE)
      .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
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
  const deepest = Math.max(0, ...rankings.map((ranking) => ranking.length));
  for (let rank = 0; rank < deepest; rank += 1) {
    for (const ranking of rankings) {
      const position = ranking[rank];
      if (position !== undefined) take(position);
    }
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
