/**
 * The variant set of `bench/reader-folds.ts` for lane glue (2026-12-03, `--variants glue`): words
 * run together across element boundaries (`word-boundaries.ts`, switch `wordBoundaries`) — two
 * sibling boxes other than text-level formatting with no text between them written apart when the
 * first ends a word and the second starts one with a capital or a digit (shipped), or with any
 * letter or digit, against off.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 10–14): WCXB every fold chose a word-boundaries variant
 * (3 "any letter", 2 shipped), held out 0.880 ± 0.014 → 0.881 ± 0.014 (folds 0.873, 0.888, 0.891,
 * 0.859, 0.893; whole set 0.8799 → 0.8808 for both); trafilatura off and shipped tie at 0.9531 (no
 * snippet moves; ties keep the first listed), "any letter" 0.9529 (a nutrition label's "31g" becomes
 * "31 g"). Per type (`bench/reader-wcxb-variants.ts`, off → shipped): collection 0.7048 → 0.7133,
 * listing 0.7530 → 0.7564, product 0.6448 → 0.6454, documentation 0.9300 → 0.9302, article 0.9608 →
 * 0.9609, forum and service unchanged.
 */
import type { Variant } from './reader-variant-sets.js';

export const glueVariantSets: Record<string, Variant[]> = {
  glue: [
    { name: 'word boundaries off', wordBoundaries: false },
    { name: 'word boundaries on (shipped)' },
    { name: 'any letter starts a word', wordBoundaries: { anyLetter: true } },
  ],
};
