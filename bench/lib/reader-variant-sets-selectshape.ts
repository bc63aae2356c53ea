/**
 * The variant set of `bench/reader-folds.ts` from lane selectshape (2026-12-03, `--variants
 * selectshape`): the places that still grouped look-alike blocks by tag and first class token or by
 * their whole class string, read by class shape one at a time (`src/reader/html/class-shape.ts`,
 * `ClassShapePlaces`), against the shipped shape places (repeated furniture only).
 *
 * Page by page first (`/tmp` diff, same process, load 14-17): trafilatura 0.9519 for the shipped
 * places, choosing the content (`select`), posts (`posts`), bylines (`byline`) and story sections
 * (`sections`); sibling panels 0.9523 (one page, +2 TP); story tail 0.9519 (+1 TP +1 FP). WCXB
 * 0.8789 shipped, select 0.8789 (+3 pages, none lost: hrsa 0.837 → 0.846, bestsharpeningstones
 * 0.884 → 0.896, artisansgallery 0.934 → 0.958), posts, byline and sections move no page; sibling
 * panels 0.8786 (mybirdbuddy 0.846 → 0.557, spglobal 0.652 → 0.535, agilecrm 0.991 → 0.945; apple
 * macbook-air 0.479 → 0.529), story tail 0.8786 (ahrefs 0.484 → 0.820, karmin 0.819 → 0.990;
 * mybirdbuddy 0.846 → 0.557, oakywood 0.991 → 0.747, forestwholefoods 0.974 → 0.793, apple ipad-pro
 * 0.927 → 0.783: `section section-themes` beside `section section-incentive` read as look-alikes).
 * Post kinds read by shape where named posts make a forum path a discussion too (`holdsNamedPosts`):
 * trafilatura unchanged, WCXB 0.8789 → 0.8785 (old.reddit 0.805 → 0.144: its comments alternate
 * with spacer `div`s, so `thing` is on exactly half the siblings, no shared token, and each comment
 * keeps its id token; bbs.archlinux 0.803 → 0.867). Sharing at half the siblings instead of more
 * than half mended old.reddit and moved no other page, shipped places included: not shipped.
 *
 * Held out by site (`npx tsx bench/reader-folds.ts --no-baseline --variants selectshape`, load 7-9,
 * posts then the thread around a post only): trafilatura 0.952 ± 0.008 for every variant's folds
 * (folds chose every new place three times, story tail and sibling panels once each: one page, +2
 * TP); WCXB 0.879 ± 0.014 (four folds chose select, one sibling panels, which lost on its held-out
 * fold, 0.871 → 0.869); whole set furniture only 0.8789, + select 0.8789, + sibling panels 0.8786,
 * + story tail 0.8786, every new place 0.8785.
 * `--variants selectshape-select` on the tree that ships select (load 3-8): WCXB every fold chose
 * select, held out 0.879 ± 0.014 (folds 0.871, 0.887, 0.889, 0.858, 0.891; whole set 0.87890 →
 * 0.87894); trafilatura ties on every page (0.952 ± 0.008, the folds keep the first listed).
 */
import { CLASS_SHAPE_PLACES } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

/** The places read by shape before this round: repeated furniture only. */
const FURNITURE = { ...CLASS_SHAPE_PLACES, select: false };

export const selectshapeVariantSets: Record<string, Variant[]> = {
  /** Choosing the content by shape, off and on: what the round ships. */
  'selectshape-select': [
    { name: 'furniture only', classShape: FURNITURE },
    { name: '+ select (shipped)', classShape: CLASS_SHAPE_PLACES },
  ],
  /** Each place that moved a page, and every new place at once. */
  selectshape: [
    { name: 'furniture only', classShape: FURNITURE },
    { name: '+ select (shipped)', classShape: CLASS_SHAPE_PLACES },
    { name: '+ sibling panels', classShape: { ...FURNITURE, siblingPanels: true } },
    { name: '+ story tail', classShape: { ...FURNITURE, tail: true } },
    {
      name: '+ every new place',
      classShape: {
        ...FURNITURE,
        select: true,
        posts: true,
        byline: true,
        siblingPanels: true,
        tail: true,
        sections: true,
      },
    },
  ],
};
