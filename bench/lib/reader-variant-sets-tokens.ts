/**
 * The variant set of `bench/reader-folds.ts` for lane tokens (2026-12-03, `--variants tokens`): class
 * tokens read by how they are built before the boilerplate patterns judge them (`token-readings.ts`:
 * a negated word, a style utility, a hidden part of the box), off against on (`classTokens`), and on
 * with hiding on small screens read as hiding nothing (`smallScreens`).
 *
 * Measured 2026-12-03 (`--no-baseline`, load 7–10): every WCXB fold and four trafilatura folds chose
 * `tokens + small screens` (fold 1 chose `tokens on`: its held-out sheego page is the small-screen gain).
 * trafilatura held out 0.952 ± 0.008 on and off at three decimals (fold 2 0.949 → 0.952; whole set
 * 0.9519 → 0.9524 → 0.9526, TP 2860 → 2863 → 2864, FP 198 throughout; folds 0.943, 0.952, 0.965, 0.954,
 * 0.949); WCXB held out 0.879 ± 0.014 on and off (whole set 0.8789 → 0.8791 → 0.8791; folds 0.871,
 * 0.887, 0.889, 0.858, 0.891): a small gain, the same sign on both sets.
 */
import type { Variant } from './reader-variant-sets.js';

export const tokensVariantSets: Record<string, Variant[]> = {
  tokens: [
    { name: 'tokens off', classTokens: false },
    { name: 'tokens on', classTokens: { smallScreens: false } },
    { name: 'tokens + small screens', classTokens: { smallScreens: true } },
  ],
};
