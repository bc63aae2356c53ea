/**
 * The variant sets of `bench/reader-folds.ts` from lane classes (2026-12-03): look-alike blocks
 * grouped by their class shape (`src/reader/html/class-shape.ts`: the class tokens that say what a
 * block is, without those that say which one it is) instead of their whole class string, place by
 * place: repeated furniture (`repeatedFurnitureOf`), the item groups of cleaning, trailing repeats
 * (`dropTrailingRepeats`) and inset boxes.
 *
 * First round (`signatureOf` as one place: furniture, trailing repeats and insets together; load
 * 8-17, `--no-baseline`): trafilatura 0.9511 for every variant; WCXB whole class 0.8765, signatureOf
 * only 0.8757, item groups only 0.8765, both 0.8756; held out 0.876 ± 0.013 (every fold chose off).
 * Page by page (`bench/reader-wcxb-variants.ts`), the furniture read by shape won consultingpoint
 * 0.704 → 0.914 and lost omalleytunstall 0.614 → 0.563; trailing repeats read by shape lost
 * mybirdbuddy 0.846 → 0.426, arstechnica 0.851 → 0.462, creativeramblings 0.893 → 0.595,
 * pinchofyum 0.703 → 0.535 (won github.blog 0.489 → 0.527); insets moved three pages by ±0.03.
 */
import { CLASS_SHAPE_PLACES } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

const NONE = { furniture: false, itemGroups: false, trailing: false, insets: false };

export const classesVariantSets: Record<string, Variant[]> = {
  classes: [
    { name: 'whole class (off)', classShape: false },
    { name: 'furniture only', classShape: { ...NONE, furniture: true } },
    { name: 'item groups only', classShape: { ...NONE, itemGroups: true } },
    { name: 'furniture + item groups (shipped)', classShape: CLASS_SHAPE_PLACES },
    { name: 'every place', classShape: { furniture: true, itemGroups: true, trailing: true, insets: true } },
  ],
};
