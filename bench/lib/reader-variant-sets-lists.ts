/**
 * The variant sets of `bench/reader-folds.ts` for a listing's items (see `src/reader/html/listing-items.ts`),
 * with what each measured.
 *
 * `--variants lists` on 2026-12-02 (load ~10, `--no-baseline`): WCXB whole set listing items off
 * 0.8753, on 0.8767, held out by site 0.877 ± 0.013 (every fold chose on) against 0.875 ± 0.013;
 * trafilatura off 0.9473, on 0.9468 (3 false positives more), held out 0.947 ± 0.009 (every fold off).
 */
import { LISTING_ITEM_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const listsVariantSets: Record<string, Variant[]> = {
  // A listing's items judged as the listing's when pruning (see `listing-items.ts`), off or on.
  lists: [
    { name: 'listing items off (shipped)', listingItems: false },
    { name: 'items ≥0.3, on stories ≥0.6 without prose', listingItems: LISTING_ITEM_LIMITS },
    // Prose beside the items asks a larger share of them on every page, not only on story pages.
    { name: 'and beside prose ≥0.5', listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.5 } },
    { name: 'and beside prose ≥0.6', listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.6 } },
  ],
  // Beside prose ≥0.6, and the items' links lead them: a link within so many characters of the start.
  listsLead: [
    { name: 'listing items off (shipped)', listingItems: false },
    { name: 'beside prose ≥0.6', listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.6 } },
    ...[40, 80, 160].map((within) => ({
      name: `and a link within ${within}`,
      listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.6, leadLinkWithin: within },
    })),
  ],
};
