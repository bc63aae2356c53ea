/**
 * The variant set of `bench/reader-folds.ts` for the early morning of 2026-12-03 (`--variants
 * morning`): that round's five mechanisms together, all off against all shipped — listing items
 * judged as the listing's (`listing-items.ts`), controlled panels shown and in-page-linked sections
 * kept (`controlled-panels.ts`, `linked-sections.ts`), look-alike sections joining the chosen block
 * (`look-alike-sections.ts`), trailing runs of link-and-summary teasers (`trailing-repeats.ts`) and
 * repeated furniture read by class shape (`class-shape.ts`). Each mechanism's own set is in its
 * lane's file (`--variants lists`, `controlled`, `outside`, `wide`, `classes`).
 */
import { BLOCK_TEASER_RUNS } from '../../src/reader/html/trailing-repeats.js';
import type { Variant } from './reader-variant-sets.js';

export const morningVariantSets: Record<string, Variant[]> = {
  morning: [
    {
      name: 'morning off',
      listingItems: false,
      controlledPanels: false,
      lookAlikeSections: false,
      trailingRepeats: BLOCK_TEASER_RUNS,
      classShape: false,
    },
    { name: 'morning on (shipped)' },
  ],
};
