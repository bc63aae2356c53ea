import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { bm25Scores, createBm25Index, sliceScores, type TextSlice } from './bm25-index.js';
import { tokenize } from './text-rank.js';
import { tokenSpans } from './token-spans.js';

/** Words, scripts, digits, marks and separators mixed at random: texts a page may hold. */
const pieces = [
  'iron ',
  'Tower ',
  'tower',
  ' 1889',
  'wrought-iron ',
  'Straße ',
  'naïve ',
  '東京タワー',
  ' ',
  '\n\n',
  '. ',
  '😀',
  'x',
  'ab',
  'Fair ',
  '\u00a0',
];

function randomText(random: () => number, length: number): string {
  return Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
}

/** Random slices of a text, in order, some cutting words, some empty, some overlapping. */
function randomSlices(random: () => number, text: string): TextSlice[] {
  return Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
    const start = Math.floor(random() * (text.length + 1));
    return { start, end: start + Math.floor(random() * (text.length - start + 1)) };
  });
}

const queries = ['What is the tower made of?', 'iron 1889 fair', '東京タワー straße', 'nothing here', ''];

describe('createBm25Index().addSlices', () => {
  it('scores as the documents of each slice tokenized on its own, title words added', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = seededRandom(seed);
      const fromSlices = createBm25Index();
      const fromText = createBm25Index();
      // Several texts into one index, as a run's knowledge takes page after page.
      for (let page = 0; page < 3; page += 1) {
        const text = randomText(random, 80);
        const spans = tokenSpans(text);
        if (!spans) throw new Error('expected spans for a text without İ or Σ');
        const slices = randomSlices(random, text);
        // A title holding words of the page and words it lacks.
        const title = randomText(random, 4) + (page === 1 ? ' Eiffel' : '');
        fromSlices.addSlices(spans, slices, tokenize(title));
        for (const slice of slices)
          fromText.addTerms(tokenize(`${title} ${text.slice(slice.start, slice.end)}`));
      }
      expect(fromSlices.size).toBe(fromText.size);
      for (const query of queries) expect(fromSlices.scores(query), query).toEqual(fromText.scores(query));
    }
  });

  it('holds a term once a slice when a cut word and a title word the text lacks are the same', () => {
    const text = 'ironworks of Paris';
    const spans = tokenSpans(text);
    if (!spans) throw new Error('expected spans');
    const fromSlices = createBm25Index();
    const fromText = createBm25Index();
    // The slice cuts "ironworks" to "iron", which the text lacks as a word, and so does the title.
    for (const index of [fromSlices, fromText]) index.add('iron iron iron');
    fromSlices.addSlices(
      spans,
      [
        { start: 0, end: 4 },
        { start: 0, end: 18 },
      ],
      tokenize('Iron'),
    );
    for (const slice of ['iron', text]) fromText.addTerms(tokenize(`Iron ${slice}`));
    expect(fromSlices.scores('iron')).toEqual(fromText.scores('iron'));
  });
});

describe('sliceScores', () => {
  it('gives, to the last bit, the scores of an index of the slices, for each query', () => {
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
      const random = seededRandom(seed);
      const text = randomText(random, 120);
      const spans = tokenSpans(text);
      if (!spans) throw new Error('expected spans for a text without İ or Σ');
      const slices = randomSlices(random, text);
      const expected = queries.map((query) =>
        bm25Scores(
          query,
          slices.map((slice) => text.slice(slice.start, slice.end)),
        ),
      );
      expect(sliceScores(spans, slices, queries).map((scores) => [...scores])).toEqual(expected);
    }
  });

  it('gives no scores for no slices', () => {
    const spans = tokenSpans('iron tower');
    if (!spans) throw new Error('expected spans');
    expect(sliceScores(spans, [], ['iron']).map((scores) => [...scores])).toEqual([[]]);
  });
});
