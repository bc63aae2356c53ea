/**
 * The variant sets of `bench/reader-folds.ts` for lane index (2026-12-03, listings and collections).
 *
 * `--variants index`: what a listing's items do to the content's runs (`listing-run.ts`): off; the
 * main run widened to start with the first item (the first entry's linked title no longer goes as a
 * link ahead of the first summary); that and each item's calls to action (a short link or button
 * after the item's own text) gone, at most 12 or 20 letters; and the main run widened on both sides.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 5-10 while four lanes ran): WCXB whole set 0.8789 off,
 * 0.8790 first item, 0.8791 with calls of 12 (shipped), 0.8790 with calls of 20, 0.8789 both sides
 * (bbc technology 0.950 -> 0.780); every fold chose calls of 12, held out 0.879 ± 0.014 (folds 0.871,
 * 0.887, 0.889, 0.858, 0.891: at three decimals the same as off). trafilatura 0.9519 for every
 * variant (two pages' text moves, no snippet), held out 0.952 ± 0.008.
 */
import { LISTING_RUN_LIMITS } from '../../src/reader/html/listing-run.js';
import type { Variant } from './reader-variant-sets.js';

export const indexVariantSets: Record<string, Variant[]> = {
  index: [
    { name: 'listing run off', listingRun: false },
    { name: 'first item starts the run', listingRun: { ...LISTING_RUN_LIMITS, callLetters: 0 } },
    { name: 'and calls of 12 go (shipped)' },
    { name: 'and calls of 20 go', listingRun: { ...LISTING_RUN_LIMITS, callLetters: 20 } },
    { name: 'run widened on both sides', listingRun: { ...LISTING_RUN_LIMITS, callLetters: 0, after: true } },
  ],
};
