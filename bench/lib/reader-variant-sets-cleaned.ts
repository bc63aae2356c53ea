/**
 * The variant sets of `bench/reader-folds.ts` from 2026-12-03's lane "cleaned" (text the reference
 * keeps that cleaning removes), with what each measured.
 *
 * `--variants controlled`: hidden panels a button or link names (see `controlled-panels.ts`) left
 * hidden, shown when an `aria-controls` names them, or also when a toggle's `data-target`,
 * `data-bs-target` or `href="#id"` does.
 */
import { CONTROLLED_PANEL_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const cleanedVariantSets: Record<string, Variant[]> = {
  controlled: [
    { name: 'controlled panels hidden', controlledPanels: false },
    { name: 'controlled panels shown (aria-controls)', controlledPanels: CONTROLLED_PANEL_LIMITS },
    {
      name: 'controlled panels shown (and anchors)',
      controlledPanels: { ...CONTROLLED_PANEL_LIMITS, anchors: true },
    },
  ],
};
