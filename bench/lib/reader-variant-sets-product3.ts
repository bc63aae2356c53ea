/**
 * The variant set of `bench/reader-folds.ts` for lane product3 (2026-12-03, `--variants product3`):
 * product pages told, and their extras found, by structure rather than by phrase lists
 * (`productStructure`, see `src/reader/html/product-structure.ts`). `lists`: today's buy-button words
 * and extra-section headings; `structure extras`: the buy-button words, and sections whose items are
 * reviews, customers' questions or other products; `structure`: that, and a product page told by its
 * microdata or a form posting one priced item; `neither`: no buy-button words, no sections judged (the
 * carousel rule stays).
 *
 * Measured 2026-12-03: see the lane's report (`/work/lanes/product3-report.md`).
 */
import type { Variant } from './reader-variant-sets.js';

export const product3VariantSets: Record<string, Variant[]> = {
  product3: [
    { name: 'lists', productStructure: { page: 'words', extras: 'headings' } },
    { name: 'structure extras', productStructure: { page: 'words', extras: 'structure' } },
    { name: 'structure', productStructure: { page: 'structure', extras: 'structure' } },
    { name: 'neither', productStructure: { page: false, extras: false } },
  ],
};
