/**
 * The variant sets of `bench/reader-folds.ts` from lane outside (2026-12-03): the chosen block's
 * look-alike sibling sections joining it on pages that are neither stories nor discussions (see
 * `src/reader/html/look-alike-sections.ts`), off, at the shipped limits, and with fewer levels,
 * a stricter share of links, needing no heading of their own or one of the block's rank, reaching
 * 10 levels, or reading story pages too.
 *
 * `--variants outside` on 2026-12-03 (load 12-17, `--no-baseline`): WCXB whole set off 0.8765, any
 * heading (shipped) 0.8767, same rank 0.8768, no heading 0.8765, links ≤ 0.15 0.8767; held out by site
 * 0.877 ± 0.013 (four folds chose same rank, one any heading) against 0.876 ± 0.013 off. Per type, off
 * → any heading (`bench/reader-wcxb-variants.ts`): service 0.8420 → 0.8434, product 0.6446 → 0.6453,
 * collection 0.6927 → 0.6937, the others unchanged; 6 pages up (0204 0.857 → 1.000, 4292, 2836,
 * 0584, 0644, 2888), 3 down (0102's "similar seminars", 3026's spec table, 2381's related posts; the
 * last not with same rank). No heading needed: 0.8765, as it also adds a shop's filter panel (4379
 * 0.979 → 0.698) and a footer band (4666). Trafilatura whole set off 0.9511, any heading 0.9513
 * (one page, +1 TP), same rank 0.9511; held out 0.951 ± 0.008 either way (four folds chose any
 * heading, one off on a tie); 2 of 990 pages change at all.
 * Rerun the same night with two more variants (load 14-15): WCXB 10 levels 0.8768, story pages too
 * 0.8767, the others as above; held out 0.877 ± 0.013 (four folds chose 10 levels, one same rank).
 * Trafilatura 10 levels and story pages too 0.9513; held out 0.951 ± 0.008 (four folds chose story
 * pages too, one any heading). The shipped limits stay at 6 levels, stories off: no variant differs
 * from them held out by site in the third decimal on either set.
 */
import { LOOK_ALIKE_SECTION_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const outsideVariantSets: Record<string, Variant[]> = {
  // Look-alike sections (same tag and first class) beside the chosen block or its ancestors.
  outside: [
    { name: 'look-alike sections off', lookAlikeSections: false },
    { name: 'sections, any heading (shipped)', lookAlikeSections: LOOK_ALIKE_SECTION_LIMITS },
    {
      name: 'sections, heading of the same rank',
      lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, heading: 'rank' },
    },
    {
      name: 'sections, no heading needed',
      lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, heading: 'none' },
    },
    {
      name: 'sections, any heading, links ≤ 0.15',
      lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, maxLinkDensity: 0.15 },
    },
    { name: 'sections, 10 levels', lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, levels: 10 } },
    { name: 'sections, story pages too', lookAlikeSections: { ...LOOK_ALIKE_SECTION_LIMITS, stories: true } },
  ],
};
