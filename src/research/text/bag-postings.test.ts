import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { createBagPostings } from './bag-postings.js';
import { termBag } from './text-rank.js';

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

// Queries share terms, repeat them, and hold terms no document has.
const QUERIES = [['iron', 'tower', 'iron'], ['paint', 'unknown'], [], ['tower', 'gustave', 'fair']];

describe('createBagPostings', () => {
  it('scores every query as BM25 defines it over the documents still in, after adds, replacements and removals', () => {
    for (const seed of [1, 2, 3, 4]) {
      const random = seededRandom(seed);
      const documents = randomDocuments(random, 1 + Math.floor(random() * 40));
      const postings = createBagPostings<number>();
      documents.forEach((terms, key) => {
        postings.set(key, termBag(terms));
      });
      // Some leave, some are replaced by another text: the figures follow.
      const present = new Map(documents.map((terms, key) => [key, terms]));
      for (const key of present.keys()) {
        const roll = random();
        if (roll < 0.3) {
          expect(postings.delete(key)).toBe(true);
          present.delete(key);
        } else if (roll < 0.45) {
          const [replacement] = randomDocuments(random, 1);
          postings.set(key, termBag(replacement ?? []));
          present.set(key, replacement ?? []);
        }
      }
      const keys = [...present.keys()];
      const scored = postings.scores(QUERIES);
      QUERIES.forEach((query, slot) => {
        const expected = definitionScores(query, [...present.values()]);
        keys.forEach((key, position) => {
          expect(scored.get(key)?.[slot] ?? 0).toBeCloseTo(expected[position] ?? Number.NaN, 10);
        });
      });
      // Left out means it holds no query term at all.
      for (const key of scored.keys()) expect(present.has(key)).toBe(true);
      for (const key of keys)
        if (!scored.has(key))
          expect(QUERIES.flat().some((term) => present.get(key)?.includes(term))).toBe(false);
    }
  });

  it('gives, to the last bit, the scores an index built afresh from the documents left gives', () => {
    const random = seededRandom(7);
    const documents = randomDocuments(random, 60);
    const kept = createBagPostings<number>();
    for (const [key, terms] of documents.entries()) kept.set(key, termBag(terms));
    for (let key = 0; key < 60; key += 3) kept.delete(key);
    const afresh = createBagPostings<number>(
      documents.flatMap((terms, key) => (key % 3 === 0 ? [] : [[key, termBag(terms)] as const])),
    );
    const fresh = afresh.scores(QUERIES);
    const incremental = kept.scores(QUERIES);
    expect(incremental.size).toBe(fresh.size);
    for (const [key, row] of fresh) expect(incremental.get(key)).toEqual(row);
  });

  it("keeps each term's document frequency, the count and the total length through adds and removals", () => {
    const postings = createBagPostings<string>();
    postings.set('a', termBag(['iron', 'tower', 'iron']));
    postings.set('b', termBag(['iron', 'paris']));
    postings.set('c', termBag(['steel']));
    expect([postings.frequency('iron'), postings.frequency('tower'), postings.frequency('steel')]).toEqual([
      2, 1, 1,
    ]);
    expect([postings.size, postings.totalLength]).toEqual([3, 6]);

    // Read (taken out): its terms count one document fewer.
    expect(postings.delete('a')).toBe(true);
    expect(postings.delete('a')).toBe(false);
    expect([postings.frequency('iron'), postings.frequency('tower')]).toEqual([1, 0]);
    expect([postings.size, postings.totalLength]).toEqual([2, 3]);
    expect(postings.scores([['tower']]).size).toBe(0);

    // A snippet arrived: the same document with more words, counted once.
    postings.set('c', termBag(['steel', 'tower', 'tower']));
    expect([postings.frequency('steel'), postings.frequency('tower')]).toEqual([1, 1]);
    expect([postings.size, postings.totalLength]).toEqual([2, 5]);

    // Back again after it left: counted as new.
    postings.set('a', termBag(['iron']));
    expect([postings.frequency('iron'), postings.size, postings.totalLength]).toEqual([2, 3, 6]);
    expect(postings.bagOf('a')?.terms).toEqual(['iron']);
  });
});
