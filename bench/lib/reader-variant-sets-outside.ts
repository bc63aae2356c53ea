/**
 * The variant sets of `bench/reader-folds.ts` from lane outside (2026-12-03): the chosen block's
 * look-alike sibling sections joining it on pages that are neither stories nor discussions (see
 * `src/reader/html/look-alike-sections.ts`), off, at the shipped limits, and with fewer levels or
 * a stricter share of links.
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
  ],
};
