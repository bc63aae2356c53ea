import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { bm25BagScores, termBag } from './text-rank.js';

/** BM25 as its definition reads (k1 1.2, b 0.75, idf ln(1 + (N - n + ½)/(n + ½))), one document at a time. */
function definitionScores(query: readonly string[], documents: readonly (readonly string[])[]): number[] {
  const average = documents.reduce((sum, terms) => sum + terms.length, 0) / documents.length || 1;
  return documents.map((terms) =>
    [...new Set(query)].reduce((score, term) => {
      const holding = documents.filter((document) => document.includes(term)).length;
      const count = terms.filter((word) => word === term).length;
      if (count === 0) return score;
      const idf = Math.log(1 + (documents.length - holding + 0.5) / (holding + 0.5));
      return score + (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * terms.length) / average));
    }, 0),
  );
}

const vocabulary = ['iron', 'tower', 'paris', 'steel', 'built', '1889', 'fair', 'height', 'paint', 'gustave'];

function randomDocuments(random: () => number, count: number): string[][] {
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(random() * 12) }, () => vocabulary[Math.floor(random() * 10)] as string),
  );
}

describe('bm25BagScores', () => {
  it('scores every query as BM25 defines it, over the bags given alone', () => {
    for (const seed of [1, 2, 3, 4]) {
      const random = seededRandom(seed);
      const documents = randomDocuments(random, 1 + Math.floor(random() * 40));
      // Queries share terms, repeat them, and hold terms no bag has.
      const queries = [['iron', 'tower', 'iron'], ['paint', 'unknown'], [], ['tower', 'gustave', 'fair']];
      const scores = bm25BagScores(queries, documents.map(termBag));
      queries.forEach((query, position) => {
        const expected = definitionScores(query, documents);
        expect(scores[position]).toHaveLength(documents.length);
        scores[position]?.forEach((score, document) => {
          expect(score).toBeCloseTo(expected[document] ?? Number.NaN, 10);
        });
      });
    }
  });

  it('gives the same scores after the vocabulary of numbered terms starts again', () => {
    const documents = randomDocuments(seededRandom(9), 30);
    const bags = documents.map(termBag);
    const query = [['iron', 'paris', 'height']];
    const before = bm25BagScores(query, bags);
    // More distinct terms than the vocabulary keeps: the next scoring numbers terms afresh.
    const crowd = [termBag(Array.from({ length: 210_000 }, (_, index) => `term${index}`))];
    bm25BagScores([['term1']], crowd);
    bm25BagScores([['term2']], crowd);
    expect(bm25BagScores(query, bags)).toEqual(before);
    expect(before[0]).toEqual(
      definitionScores(query[0] ?? [], documents).map((score) => expect.closeTo(score, 10)),
    );
  });
});
