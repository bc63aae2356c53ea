import { seededRandom } from '../../shared/index.js';
import { BOOTSTRAP_RESAMPLES } from '../constants.js';

/** A difference of means with its bootstrap interval. */
export interface PairedDifference {
  /** Mean of b − a over the pairs. */
  difference: number;
  /** Percentile interval of the resampled mean difference. */
  low: number;
  high: number;
}

/**
 * Paired bootstrap of mean(b − a): resamples the pairs with replacement `resamples` times with a
 * seeded generator, so the same inputs and seed give the same interval; `level` 0.95 by default.
 */
export function pairedBootstrap(
  pairs: readonly { a: number; b: number }[],
  options: { resamples?: number; seed?: number; level?: number } = {},
): PairedDifference {
  const differences = pairs.map((pair) => pair.b - pair.a);
  const n = differences.length;
  if (n === 0) return { difference: 0, low: 0, high: 0 };
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 0);
  const means: number[] = [];
  for (let round = 0; round < resamples; round++) {
    let sum = 0;
    for (let draw = 0; draw < n; draw++) sum += differences[Math.floor(random() * n)] as number;
    means.push(sum / n);
  }
  means.sort((x, y) => x - y);
  const at = (fraction: number) =>
    means[Math.min(resamples - 1, Math.max(0, Math.floor(fraction * resamples)))] as number;
  const tail = (1 - level) / 2;
  return {
    difference: differences.reduce((sum, value) => sum + value, 0) / n,
    low: at(tail),
    high: at(1 - tail),
  };
}
