/**
 * The variant set of `bench/reader-folds.ts` for lane product (2026-12-03, `--variants disclosure`):
 * accordions without ARIA, a button set directly before the block it opens and repeated
 * (`disclosure-pairs.ts`), off against on (`disclosurePairs`): the blocks shown (shipped), the blocks
 * and the buttons' text as their titles, and that with three pairs or more instead of two.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 15–20). WCXB: every fold chose `titles, three pairs`,
 * held out 0.880 ± 0.015 (folds 0.871, 0.887, 0.891, 0.859, 0.892) against 0.879 ± 0.014 always off;
 * whole set off 0.8793, blocks 0.8796, titles 0.8797, titles three pairs 0.8797; `blocks` always:
 * 0.871, 0.887, 0.891, 0.858, 0.891 (0.880 ± 0.015). Trafilatura: every fold chose off (tied with
 * `blocks`), held out 0.953 ± 0.008; whole set off and blocks 0.9526, both titles variants 0.9524
 * (FP 198 → 199, haus.de's FAQ questions; fold 4 0.954 → 0.953). Only the blocks hold on both sets:
 * they ship, without titles.
 */
import { DISCLOSURE_PAIR_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const productVariantSets: Record<string, Variant[]> = {
  disclosure: [
    { name: 'pairs off', disclosurePairs: false },
    { name: 'blocks', disclosurePairs: DISCLOSURE_PAIR_LIMITS },
    { name: 'titles', disclosurePairs: { ...DISCLOSURE_PAIR_LIMITS, titles: true } },
    {
      name: 'titles, three pairs',
      disclosurePairs: { ...DISCLOSURE_PAIR_LIMITS, titles: true, minPairs: 3 },
    },
  ],
};
