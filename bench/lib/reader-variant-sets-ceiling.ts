/**
 * The variant set of `bench/reader-folds.ts` from lane ceiling (2026-12-03, `--variants ceiling`):
 * look-alike headed sections that together hold a share of the page stay whatever their class says
 * (see `src/reader/html/headed-runs.ts`), off against three shares of the page (two or more
 * sections, each with a heading and a paragraph, under half links); the shipped share is 0.05.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 10–14), shares 0.3 / 0.1 / 0.05: trafilatura's output
 * does not change (F1 0.9531 every variant; every fold chose off, the first of the tie), held out
 * 0.953 ± 0.008 either way. WCXB whole set 0.8799 → 0.8802 / 0.8802 / 0.8803 (4262 dos.ny.gov's
 * chapters 0.630 → 0.989; at 0.05 also 2836 netlify 0.592 → 0.658; no page falls by > 0.01, nor at
 * a share of 0); the folds chose 0.05 four times and 0.3 once, held out 0.880 ± 0.014 (folds 0.871,
 * 0.887, 0.891, 0.860, 0.892 against off's 0.871, 0.887, 0.891, 0.859, 0.892). A first version that
 * also counted linked headings lifted 4891 aura 0.928 → 0.970 (its tab titles are links) and held
 * out the same.
 */
import { HEADED_RUN_LIMITS } from '../../src/reader/html/headed-runs.js';
import type { Variant } from './reader-variant-sets.js';

export const ceilingVariantSets: Record<string, Variant[]> = {
  ceiling: [
    { name: 'headed runs off', headedRuns: false },
    { name: 'headed runs ≥ 0.3', headedRuns: { ...HEADED_RUN_LIMITS, minShare: 0.3 } },
    { name: 'headed runs ≥ 0.1', headedRuns: { ...HEADED_RUN_LIMITS, minShare: 0.1 } },
    { name: 'headed runs ≥ 0.05', headedRuns: { ...HEADED_RUN_LIMITS, minShare: 0.05 } },
  ],
};
