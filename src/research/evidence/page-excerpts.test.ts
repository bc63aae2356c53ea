import { describe, expect, it } from 'vitest';
import { splitPassages } from '../../reader/index.js';
import { seededRandom } from '../../shared/index.js';
import { fakeSource } from '../../testing/fake-reader.js';
import { EXCERPT_PASSAGE_CHARS, MIN_PAGE_EXCERPT_CHARS } from '../constants.js';
import { bm25Scores } from '../text/bm25-index.js';
import { type ExcerptQuery, excerptPage, excerptText } from './page-excerpts.js';

/** A paragraph of about 60 words (one excerpt passage): `topic` words, `mentions` times each, then filler. */
function paragraph(topic: string, mentions: number, filler: string): string {
  const named = topic.split(' ');
  const words = [...Array(mentions).fill(topic), ...Array(60 - mentions * named.length).fill(filler)];
  return `${words.join(' ')}.`;
}

// Passages: the lead, four on the foundations' depth and concrete, four that name depth and concrete
// once in passing, and four about the lifts.
const page = fakeSource('https://example.com/tower', {
  text: [
    paragraph('tower', 3, 'intro'),
    ...[1, 2, 3, 4].map((index) => paragraph('foundations depth concrete', 3, `strong${index}`)),
    ...[1, 2, 3, 4].map((index) => paragraph('depth concrete', 1, `weak${index}`)),
    ...[1, 2, 3, 4].map((index) => paragraph('lifts', 10, `lift${index}`)),
  ].join('\n\n'),
});

describe('excerptPage', () => {
  it('reads deeper into a page for a deep-dive sub-question than for another', () => {
    const plain = excerptText(excerptPage(page, ['foundations depth concrete', 'lifts'], 6_000));
    expect(plain).toContain('strong4');
    expect(plain).not.toContain('weak1');
    const deep = excerptText(
      excerptPage(
        page,
        [
          { text: 'foundations depth concrete', deep: true },
          { text: 'lifts', deep: false },
        ],
        6_000,
      ),
    );
    for (const word of ['strong4', 'weak1', 'weak4', 'lift1']) expect(deep).toContain(word);
  });

  it('gives a deep-dive two turns for each of the others when the budget is short', () => {
    const short = (deep: boolean) =>
      excerptText(
        excerptPage(
          page,
          [
            { text: 'foundations depth concrete', deep },
            { text: 'lifts', deep: false },
          ],
          2_400,
        ),
      );
    const count = (text: string, prefix: string) =>
      (text.match(new RegExp(`${prefix}\\d`, 'g')) ?? []).length;
    const even = short(false);
    const deeper = short(true);
    expect(count(deeper, 'strong')).toBeGreaterThan(count(even, 'strong'));
    expect(count(deeper, 'lift')).toBeGreaterThan(0);
  });
});

/** `excerptPage` as its documentation reads, written plainly: each passage tokenized on its own. */
function plainExcerpt(text: string, queries: readonly ExcerptQuery[], maxChars: number) {
  const passages = splitPassages(text, { targetChars: EXCERPT_PASSAGE_CHARS });
  const asked = queries.map((query) => (typeof query === 'string' ? { text: query, deep: false } : query));
  const rankings = asked.map(({ text: query, deep }) => {
    const scores = bm25Scores(
      query,
      passages.map((passage) => passage.text),
    );
    const best = Math.max(0, ...scores);
    const ranked = passages
      .map((_, position) => position)
      .filter((position) => best > 0 && (scores[position] ?? 0) >= best * (deep ? 0.2 : 0.5))
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
  while (rankings.some((ranking, position) => (next[position] ?? 0) < ranking.ranked.length)) {
    rankings.forEach((ranking, position) => {
      for (let turn = 0; turn < ranking.turns; turn += 1) {
        const passage = ranking.ranked[next[position] ?? 0];
        if (passage === undefined) return;
        next[position] = (next[position] ?? 0) + 1;
        take(passage);
      }
    });
  }
  for (
    let position = 1;
    position < passages.length && used < Math.min(maxChars, MIN_PAGE_EXCERPT_CHARS);
    position += 1
  )
    take(position);
  const ranges: { start: number; end: number }[] = [];
  for (const position of [...chosen].sort((a, b) => a - b)) {
    const passage = passages[position];
    if (!passage) continue;
    const last = ranges.at(-1);
    if (last && chosen.has(position - 1)) last.end = passage.end;
    else ranges.push({ start: passage.start, end: passage.end });
  }
  return { ranges, chars: used };
}

describe('excerptPage on random pages', () => {
  const words = [
    'iron',
    'tower',
    'Paris',
    'concrete',
    'depth',
    '1889',
    'lifts',
    'the',
    'of',
    'Straße',
    'naïve',
  ];
  const separators = [' ', ' ', ' ', '. ', ', ', '\n\n', '\n'];
  it('shows the passages its definition picks, for any queries and room', () => {
    for (let seed = 1; seed <= 80; seed += 1) {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      const text = Array.from(
        { length: Math.floor(random() * 900) },
        () => pick(words) + pick(separators),
      ).join('');
      const queries: ExcerptQuery[] = Array.from({ length: Math.floor(random() * 4) }, () => {
        const query = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(' ');
        return random() < 0.3 ? query : { text: query, deep: random() < 0.4 };
      });
      const maxChars = pick([0, 300, 800, 1_200, 1_600, 2_400, 6_000]);
      const excerpt = excerptPage(fakeSource(`https://example.com/${seed}`, { text }), queries, maxChars);
      expect({ ranges: excerpt.ranges, chars: excerpt.chars }, `seed ${seed}`).toEqual(
        plainExcerpt(text, queries, maxChars),
      );
    }
  });
});
