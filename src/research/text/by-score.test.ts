import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { positionsByScore } from './by-score.js';

/** The definition: positions scoring above 0, sorted by score, best first, by a stable sort. */
function plain(scores: readonly number[]): number[] {
  return scores
    .map((_, position) => position)
    .filter((position) => (scores[position] ?? 0) > 0)
    .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
}

describe('positionsByScore', () => {
  it('orders positions as a stable sort by score does, ties and zeros included', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = seededRandom(seed);
      // Few distinct values, so many ties; zeros, negatives and BM25-like fractions mixed in.
      const values = [0, -1, 0.5, 1.25, 2 / 3, 7.1, 1e-9, 3];
      const scores = Array.from({ length: Math.floor(random() * 300) }, () =>
        random() < 0.5 ? (values[Math.floor(random() * values.length)] ?? 0) : random() * 4 - 1,
      );
      expect([...positionsByScore(scores)], `seed ${seed}`).toEqual(plain(scores));
      expect([...positionsByScore(Float64Array.from(scores))], `seed ${seed}`).toEqual(plain(scores));
    }
  });

  it('gives nothing when nothing scores above 0', () => {
    expect([...positionsByScore([0, 0, -2])]).toEqual([]);
    expect([...positionsByScore([])]).toEqual([]);
  });
});
