/**
 * The variant set of `bench/reader-folds.ts` for lane product3 (2026-12-03, `--variants product3`):
 * product pages told, and their extras found, by structure rather than by phrase lists
 * (`productStructure`, see `src/reader/html/product-structure.ts`). `lists`: today's buy-button words
 * and extra-section headings; `structure, half` and `structure, quarter`: the buy-button words, and
 * the sections whose items that are reviews, customers' questions or other products hold half (a
 * quarter) of their text or more; `neither`: no buy-button words, no sections judged (the carousel
 * rule stays). The page told by structure (`page: 'structure'`) is measured apart (report).
 *
 * Measured 2026-12-03: see the lane's report (`/work/lanes/product3-report.md`).
 */
import type { Variant } from './reader-variant-sets.js';

export const product3VariantSets: Record<string, Variant[]> = {
  product3: [
    { name: 'lists', productStructure: { page: 'words', extras: 'headings', extraShare: 0.5 } },
    { name: 'structure, half', productStructure: { page: 'words', extras: 'structure', extraShare: 0.5 } },
    {
      name: 'structure, quarter',
      productStructure: { page: 'words', extras: 'structure', extraShare: 0.25 },
    },
    { name: 'neither', productStructure: { page: false, extras: false, extraShare: 0.5 } },
  ],
};
