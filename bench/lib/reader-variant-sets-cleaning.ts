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
 *
 * `--variants cleaning-copies` (with streamed parts placed): look-alike siblings hidden by a class
 * token the boilerplate patterns read as hiding (`hidden`, `hidden-sz3upx`), shown — the other tabs
 * beside the one shown, or the first copy when none is (`hiddenLookAlikes`, `hidden-look-alikes.ts`).
 * Measured 2026-12-03 (load 11–13): trafilatura TP 2863 FN 88 FP 194 both (2 pages' text changes,
 * no snippet), held out 0.953 ± 0.008 on and off. WCXB: folds 1–4 chose on, fold 5 off; held out
 * 0.882 ± 0.013 (folds 0.873, 0.888, 0.893, 0.862, 0.892), always off the same at three decimals;
 * whole set 0.8817 → 0.8821, 14 pages change: 2842 todoist 0.625 → 0.946, 2846 miro 0.549 → 0.803,
 * 0591 0.802 → 0.834, 0267 +0.015, 0312 +0.009, 0707 +0.007; 1572 listing 0.505 → 0.448 (tabs of
 * neighbourhoods the reference leaves out), 3058 −0.004, 0847 −0.002, 0612 −0.001. The gain sits in
 * one fold (fold 5, always on 0.894): it does not raise the held-out mean, and does not lower it.
 */
import type { Variant } from './reader-variant-sets.js';

export const cleaningVariantSets: Record<string, Variant[]> = {
  cleaning: [
    { name: 'streamed off', streamedSegments: false },
    { name: 'streamed on', streamedSegments: true },
  ],
  'cleaning-copies': [
    { name: 'look-alikes off', hiddenLookAlikes: false },
    { name: 'look-alikes on', hiddenLookAlikes: true },
  ],
};
