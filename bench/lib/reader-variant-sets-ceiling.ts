/**
 * The variant set of `bench/reader-folds.ts` from lane ceiling (2026-12-03, `--variants ceiling`):
 * look-alike headed sections that together hold much of the page stay whatever their class says
 * (see `src/reader/html/headed-runs.ts`), off against the shipped limits (two or more sections,
 * each with a heading and a paragraph, under half links, together ≥ 0.3 of the page) and two others.
 *
 * Measured 2026-12-03: see the lane's report (`/work/lanes/ceiling-report.md`); the figures are
 * written here when the held-out run is done.
 */
import { HEADED_RUN_LIMITS } from '../../src/reader/html/headed-runs.js';
import type { Variant } from './reader-variant-sets.js';

export const ceilingVariantSets: Record<string, Variant[]> = {
  ceiling: [
    { name: 'headed runs off', headedRuns: false },
    { name: 'headed runs ≥ 0.3', headedRuns: HEADED_RUN_LIMITS },
    { name: 'headed runs ≥ 0.2', headedRuns: { ...HEADED_RUN_LIMITS, minShare: 0.2 } },
    { name: 'headed runs ≥ 3 sections', headedRuns: { ...HEADED_RUN_LIMITS, minSections: 3 } },
  ],
};
