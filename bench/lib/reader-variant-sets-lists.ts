/**
 * The variant sets of `bench/reader-folds.ts` for a listing's items (see `src/reader/html/listing-items.ts`),
 * with what each measured.
 *
 * `--variants lists` on 2026-12-02 (load ~10, `--no-baseline`): WCXB whole set listing items off
 * 0.8753, on 0.8767, held out by site 0.877 ± 0.013 (every fold chose on) against 0.875 ± 0.013;
 * trafilatura off 0.9473, on 0.9468 (3 false positives more), held out 0.947 ± 0.009 (every fold off).
 * Again on 2026-12-03 on main's later state (load 8-15): trafilatura off 0.9511, on 0.9506 (creativecommons.at
 * keeps 2 teasers after its story, l-mag.de a "Weiterlesen:" line), beside prose ≥0.5 or ≥0.6 0.9509;
 * every fold chose off, held out 0.951 ± 0.008. WCXB off 0.8765, on 0.8778, beside prose 0.8777; every
 * fold chose on, held out 0.878 ± 0.013 against 0.876 ± 0.013 off.
 * `--variants listsLead` on 2026-12-03 (load 12-15): trafilatura 0.9511 for a lead link within 40, 80
 * or 160 (no page moves against off), 0.9509 without; WCXB 0.8777 for all three, as without; held out
 * 0.878 ± 0.013 (four folds chose 80, one 40). The reader ships beside prose ≥0.6 and a link within 80.
 * `--variants listsLoose` (load 13): items ≥0.2, on stories ≥0.5 or linked ≥0.5 change neither set
 * (trafilatura 0.9511, WCXB 0.8777 each).
 * `--variants lists` on 2026-12-03 with those shipped (load 13-14): trafilatura 0.9511 off, shipped and
 * with 3 items enough, held out 0.951 ± 0.008 (a tie; the folds take the first, off); WCXB off 0.8765,
 * shipped 0.8777, 3 items 0.8777, held out 0.878 ± 0.013 (every fold chose shipped) against 0.876 ±
 * 0.013 were it always off. Per type (`bench/reader-wcxb-variants.ts`, off → on): collection 0.6927 →
 * 0.7034, forum 0.8094 → 0.8146, listing 0.7481 → 0.7499, the other types unchanged.
 * Tried and dropped the same day: inside an item only the link block holding its first link (its
 * title) kept, its other link blocks (buttons, "map") pruned as elsewhere: trafilatura 0.9511, WCXB
 * 0.8777 (fold 2 0.884 against 0.885), every fold chose every link block kept.
 */
import { LISTING_ITEM_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

const LEAD = { ...LISTING_ITEM_LIMITS, proseShare: 0.6, leadLinkWithin: 80 };

export const listsVariantSets: Record<string, Variant[]> = {
  // A listing's items judged as the listing's when pruning (see `listing-items.ts`), off or on.
  lists: [
    { name: 'listing items off', listingItems: false },
    { name: 'shipped (prose, lead link)', listingItems: LISTING_ITEM_LIMITS },
    { name: 'and 3 items enough', listingItems: { ...LISTING_ITEM_LIMITS, minItems: 3 } },
  ],
  // Without the prose and lead-link tests (as measured on 2026-12-02), against shipped.
  listsBefore: [
    { name: 'listing items off', listingItems: false },
    {
      name: 'as of 2026-12-02',
      listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.3, leadLinkWithin: Number.POSITIVE_INFINITY },
    },
  ],
  // Beside prose ≥0.6, and the items' links lead them: a link within so many characters of the start.
  listsLead: [
    { name: 'listing items off', listingItems: false },
    {
      name: 'beside prose ≥0.6',
      listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.6, leadLinkWithin: Number.POSITIVE_INFINITY },
    },
    ...[40, 80, 160].map((within) => ({
      name: `and a link within ${within}`,
      listingItems: { ...LISTING_ITEM_LIMITS, proseShare: 0.6, leadLinkWithin: within },
    })),
  ],
  // Looser limits, now that prose and the lead link guard the story's teasers.
  listsLoose: [
    { name: 'beside prose ≥0.6, link within 80', listingItems: LEAD },
    { name: 'and items ≥0.2', listingItems: { ...LEAD, minShare: 0.2 } },
    { name: 'and on stories ≥0.5', listingItems: { ...LEAD, storyShare: 0.5 } },
    { name: 'and linked ≥0.5', listingItems: { ...LEAD, linkedShare: 0.5 } },
  ],
};
