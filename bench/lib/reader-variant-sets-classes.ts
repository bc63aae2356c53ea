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
 * On trafilatura the furniture by shape kept blog sidebars (a rail's titled widgets of every kind
 * share `widget`): they are now not counted as repeated item furniture.
 *
 * Second round (`--variants classes`, load 10-16, `--no-baseline`, the widgets excepted):
 * trafilatura whole class 0.9511, furniture only 0.9513, item groups only 0.9511, furniture + item
 * groups 0.9513, every place 0.9514; held out 0.951 ± 0.009 (four folds chose every place, one
 * furniture only) against 0.951 ± 0.008 off. WCXB 0.8765, 0.8766, 0.8765, 0.8766, 0.8756; held out
 * 0.877 ± 0.013 (every fold chose furniture only) against 0.876 ± 0.013 off. Shipped: furniture only
 * (item groups moved nothing and cost time; trailing repeats lose WCXB).
 */
import type { Variant } from './reader-variant-sets.js';

const NONE = { furniture: false, itemGroups: false, trailing: false, insets: false };

export const classesVariantSets: Record<string, Variant[]> = {
  classes: [
    { name: 'whole class (off)', classShape: false },
    { name: 'furniture only (shipped)', classShape: { ...NONE, furniture: true } },
    { name: 'item groups only', classShape: { ...NONE, itemGroups: true } },
    { name: 'furniture + item groups', classShape: { ...NONE, furniture: true, itemGroups: true } },
    { name: 'every place', classShape: { furniture: true, itemGroups: true, trailing: true, insets: true } },
  ],
};
