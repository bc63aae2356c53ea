/**
 * The variant set of `bench/reader-folds.ts` for lane product3 (2026-12-03, `--variants product3`):
 * product pages told, and their extras found, by structure rather than by phrase lists
 * (`productStructure`, see `src/reader/html/product-structure.ts`). `lists` (measured below, gone since):
 * the buy-button words and the extra sections' heading phrases; `structure, half` and `structure, quarter`: the buy-button words, and
 * the sections whose items that are reviews, customers' questions or other products hold half (a
 * quarter) of their text or more; `neither`: no buy-button words, no sections judged (the carousel
 * rule stays). The page told by structure (`page: 'structure'`) is measured apart (report).
 *
 * Measured 2026-12-03 (`--no-baseline`, load 7-12). WCXB: folds 1, 2, 3, 5 chose `structure, quarter`,
 * fold 4 `lists`; held out 0.880 ± 0.014 (0.871, 0.887, 0.891, 0.859, 0.891); whole set lists 0.8799,
 * half 0.8793, quarter 0.8802, neither 0.8766; always lists 0.880 ± 0.014 (0.871, 0.887, 0.891, 0.859,
 * 0.892), always quarter 0.880 ± 0.014 (0.871, 0.887, 0.891, 0.861, 0.891). Product pages (`bench/
 * reader-wcxb-variants.ts`): lists 0.6448, half 0.6351, quarter 0.6482, quarter with the page told by
 * structure 0.6424, neither 0.5961; no other type moves. Trafilatura: every variant but neither
 * 0.9531 (FP 194), neither 0.9529; held out 0.953 ± 0.008 (ties choose lists). Structure at a quarter
 * holds as well as the lists: it ships; the page stays told by the buy button's words.
 */
import type { Variant } from './reader-variant-sets.js';

export const product3VariantSets: Record<string, Variant[]> = {
  product3: [
    { name: 'structure, half', productStructure: { page: 'words', extras: 'structure', extraShare: 0.5 } },
    {
      name: 'structure, quarter',
      productStructure: { page: 'words', extras: 'structure', extraShare: 0.25 },
    },
    { name: 'neither', productStructure: { page: false, extras: false, extraShare: 0.5 } },
  ],
};
