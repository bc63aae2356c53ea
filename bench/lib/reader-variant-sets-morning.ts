/**
 * The variant set of `bench/reader-folds.ts` for the early morning of 2026-12-03 (`--variants
 * morning`): that round's five mechanisms together, all off against all shipped — listing items
 * judged as the listing's (`listing-items.ts`), controlled panels shown and in-page-linked sections
 * kept (`controlled-panels.ts`, `linked-sections.ts`), look-alike sections joining the chosen block
 * (`look-alike-sections.ts`), trailing runs of link-and-summary teasers (`trailing-repeats.ts`) and
 * repeated furniture read by class shape (`class-shape.ts`). Each mechanism's own set is in its
 * lane's file (`--variants lists`, `controlled`, `outside`, `wide`, `classes`).
 *
 * Measured on the merged tree (2026-12-03, `--no-baseline`, load 0.5–2): every fold of both sets
 * chose on. trafilatura held out 0.951 ± 0.008 → 0.952 ± 0.008 (whole set 0.9511 → 0.9519; folds
 * 0.943, 0.949, 0.965, 0.954, 0.949); WCXB held out 0.876 ± 0.013 → 0.879 ± 0.014 (whole set
 * 0.8765 → 0.8789; folds 0.871, 0.887, 0.889, 0.858, 0.891).
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
