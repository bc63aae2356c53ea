/**
 * The variant set of `bench/reader-folds.ts` for lane cleaning (2026-12-03, `--variants cleaning`):
 * React's streamed parts (`<div hidden id="S:5">`, filling `<template id="P:5">` or `"B:5"`) moved
 * into their placeholders before cleaning, as React's scripts do in a browser (`streamedSegments`,
 * see `streamed-segments.ts`), off against on.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 9–16): trafilatura has no streamed page, 0.9531 both
 * (held out 0.953 ± 0.008; folds 0.945, 0.952, 0.965, 0.954, 0.949). WCXB: every fold chose `streamed
 * on`, held out 0.882 ± 0.014 (folds 0.873, 0.888, 0.893, 0.862, 0.892; always off 0.873, 0.888, 0.891,
 * 0.862, 0.892); whole set 0.8813 → 0.8817 (30 pages stream: 0046 article 0.466 → 0.897, 0620 product
 * 0.036 → 0.673, 0498 documentation 0.945 → 0.996; 2914 listing 0.839 → 0.170, its streamed
 * "yesterday's" list outgrowing today's).
 */
import type { Variant } from './reader-variant-sets.js';

export const cleaningVariantSets: Record<string, Variant[]> = {
  cleaning: [
    { name: 'streamed off', streamedSegments: false },
    { name: 'streamed on', streamedSegments: true },
  ],
};
