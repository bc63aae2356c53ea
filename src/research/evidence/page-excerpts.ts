import { splitPassages } from '../../reader/index.js';
import type { Source } from '../../reader/types.js';
import { PASSAGE_CHARS } from '../constants.js';
import type { TextRange } from './citations.js';
import { createBm25Index } from './text-rank.js';

/** The parts of a page shown to the extractor: ranges of its text, in reading order. */
export interface PageExcerpt {
  source: Source;
  ranges: TextRange[];
  /** Characters shown. */
  chars: number;
}

/**
 * The passages of a page most relevant to the queries (one per sub-question), within `maxChars`.
 * Queries take turns choosing their next best passage, so every sub-question is represented; room
 * left is filled from the start of the page. Adjacent passages are merged.
 */
export function excerptPage(source: Source, queries: readonly string[], maxChars: number): PageExcerpt {
  const passages = splitPassages(source.text, { targetChars: PASSAGE_CHARS });
  const index = createBm25Index();
  for (const passage of passages) index.add(passage.text);
  const rankings = queries.map((query) => {
    const scores = index.scores(query);
    return passages
      .map((_, position) => position)
      .filter((position) => (scores[position] ?? 0) > 0)
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
  const deepest = Math.max(0, ...rankings.map((ranking) => ranking.length));
  for (let rank = 0; rank < deepest; rank += 1) {
    for (const ranking of rankings) {
      const position = ranking[rank];
      if (position !== undefined) take(position);
    }
  }
  for (let position = 0; position < passages.length; position += 1) take(position);
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
