/**
 * The variant set of `bench/reader-folds.ts` for lane product (2026-12-03, `--variants disclosure`):
 * accordions without ARIA, a button set directly before the block it opens and repeated
 * (`disclosure-pairs.ts`), off against on (`disclosurePairs`), the blocks shown without their
 * buttons' titles, and three pairs or more instead of two.
 */
import { DISCLOSURE_PAIR_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const productVariantSets: Record<string, Variant[]> = {
  disclosure: [
    { name: 'pairs off', disclosurePairs: false },
    { name: 'blocks only', disclosurePairs: { ...DISCLOSURE_PAIR_LIMITS, titles: false } },
    { name: 'pairs on', disclosurePairs: DISCLOSURE_PAIR_LIMITS },
    { name: 'three pairs', disclosurePairs: { ...DISCLOSURE_PAIR_LIMITS, minPairs: 3 } },
  ],
};
