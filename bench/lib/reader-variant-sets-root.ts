/**
 * The variant set of `bench/reader-folds.ts` from lane root (2026-12-03, `--variants root`): a lone
 * chosen block narrowed, level by level, to the child holding its prose while what that child leaves
 * out is links (see `src/reader/html/prose-child.ts`), off against the shipped limits (the child
 * holds 0.9 of the prose, what it leaves out is ≥ 0.7 links and ≤ 0.5 of its text) and three others.
 */
import { PROSE_CHILD_LIMITS } from '../../src/reader/html/prose-child.js';
import type { Variant } from './reader-variant-sets.js';

export const rootVariantSets: Record<string, Variant[]> = {
  root: [
    { name: 'prose child off', proseChild: false },
    { name: 'prose child 0.9/0.7', proseChild: PROSE_CHILD_LIMITS },
    { name: 'prose child outside ≤ 1', proseChild: { ...PROSE_CHILD_LIMITS, outsideShare: 1 } },
    { name: 'prose child outside ≤ 0.25', proseChild: { ...PROSE_CHILD_LIMITS, outsideShare: 0.25 } },
    { name: 'prose child 0.7 of prose', proseChild: { ...PROSE_CHILD_LIMITS, proseShare: 0.7 } },
  ],
};
