/**
 * The variant set of `bench/reader-folds.ts` for lane forum (2026-12-03, `--variants post-furniture`): a
 * thread's per-post furniture (`post-furniture.ts`, switch `postFurniture`) — the short blocks the
 * posts each repeat (a poster's rank and the labels of their stats, "Offline"), the same text or the
 * same label in 2 places or more (or 3), off against on.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 11–20): WCXB every fold chose "in 2", held out 0.879 ±
 * 0.014 → 0.880 ± 0.014 (whole set 0.8793 → 0.8795 for 2 and 3; folds 0.871, 0.887, 0.890, 0.859,
 * 0.891); trafilatura every variant 0.9526 (no snippet moves; held out 0.953 ± 0.008, ties keep the
 * first listed). Per type (`bench/reader-wcxb-variants.ts`, same run): forum 0.8148 → 0.8170 (3) →
 * 0.8177 (2), service 0.8474 → 0.8473 (2), the rest unchanged.
 */
import type { Variant } from './reader-variant-sets.js';

export const forumVariantSets: Record<string, Variant[]> = {
  'post-furniture': [
    { name: 'post furniture off', postFurniture: false },
    { name: 'post furniture in 3', postFurniture: { maxLength: 40, minPlaces: 3 } },
    { name: 'post furniture in 2 (shipped)' },
  ],
};
