/**
 * The variant set of `bench/reader-folds.ts` for lane glue (2026-12-03, `--variants glue`): words
 * run together across element boundaries (`word-boundaries.ts`, switch `wordBoundaries`) — two
 * sibling boxes other than text-level formatting with no text between them written apart when the
 * first ends a word and the second starts one with a capital or a digit (shipped), or with any
 * letter or digit, against off.
 */
import type { Variant } from './reader-variant-sets.js';

export const glueVariantSets: Record<string, Variant[]> = {
  glue: [
    { name: 'word boundaries off', wordBoundaries: false },
    { name: 'word boundaries on (shipped)' },
    { name: 'any letter starts a word', wordBoundaries: { anyLetter: true } },
  ],
};
