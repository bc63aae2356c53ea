/**
 * The variant sets of `bench/reader-folds.ts` for lane index (2026-12-03, listings and collections).
 *
 * `--variants index`: how a listing's items widen the content's main run (`listing-run.ts`), off,
 * before it only (shipped: the first item's linked title no longer goes as a link ahead of the first
 * summary), and on both sides (the last item's trailing links stay too).
 */
import type { Variant } from './reader-variant-sets.js';

export const indexVariantSets: Record<string, Variant[]> = {
  index: [
    { name: 'listing run off', listingRun: false },
    { name: 'listing run before (shipped)' },
    { name: 'listing run both sides', listingRun: { before: true, after: true } },
  ],
};
