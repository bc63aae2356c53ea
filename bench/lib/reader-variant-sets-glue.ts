/**
 * The variant set of `bench/reader-folds.ts` for lane glue (2026-12-03, `--variants glue`): words
 * run together across element boundaries (`word-boundaries.ts`, switch `wordBoundaries`) — two
 * sibling boxes other than text-level formatting with no text between them written apart, off
 * against on.
 */
import type { Variant } from './reader-variant-sets.js';

export const glueVariantSets: Record<string, Variant[]> = {
  glue: [{ name: 'word boundaries off', wordBoundaries: false }, { name: 'word boundaries on (shipped)' }],
};
