/**
 * The variant set of `bench/reader-folds.ts` from lane root (2026-12-03, `--variants root`): a lone
 * chosen block narrowed, level by level, to the child holding its prose while what that child leaves
 * out is links (see `src/reader/html/prose-child.ts`), off against the shipped limits (the child
 * holds 0.9 of the prose, what it leaves out is ≥ 0.7 links and ≤ 0.5 of its text) and three others.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 15–18): every fold of both sets chose on (the first
 * "on" variant listed; all four score the same on the whole set). trafilatura whole set 0.9526 →
 * 0.9531 (TP 2864 → 2863, FP 198 → 194, `bench/reader-trafilatura.ts`), held out 0.953 ± 0.008 either
 * way (folds 0.945, 0.952, 0.965, 0.954, 0.949 against 0.943 … off). WCXB whole set 0.8793 → 0.8794
 * (forum 0.8148 → 0.8154, documentation 0.9298 → 0.9300, article 0.9606 → 0.9607; the others
 * unchanged), held out 0.879 ± 0.014 either way (fold 4 0.858 → 0.859). Without the ≤ 0.5 limit
 * (prototype), listings fell: en.wikipedia's list of languages 0.969 → 0.106, bbc technology 0.950 →
 * 0.279, officechairsusa 0.991 → 0.250 (their links outweigh the introduction).
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
