/**
 * The variant set of `bench/reader-folds.ts` for lane forum (2026-12-03, `--variants post-furniture`): a
 * thread's per-post furniture (`post-furniture.ts`, switch `postFurniture`) — the short blocks the
 * posts each repeat (a poster's rank and the labels of their stats, "Offline"), the same text or the
 * same label in 3 places or more (or 2), off against on.
 *
 * Figures: see the lane's report (`/work/lanes/forum-report.md`) and the commit that adds this set.
 */
import type { Variant } from './reader-variant-sets.js';

export const forumVariantSets: Record<string, Variant[]> = {
  'post-furniture': [
    { name: 'post furniture off', postFurniture: false },
    { name: 'post furniture in 3 (shipped)' },
    { name: 'post furniture in 2', postFurniture: { maxLength: 40, minPlaces: 2 } },
  ],
};
