/**
 * The variant sets of `bench/reader-folds.ts` from 2026-12-03's lane "cleaned" (text the reference
 * keeps that cleaning removes), with what each measured.
 *
 * `--variants controlled`: hidden panels a button or link names (see `controlled-panels.ts`) left
 * hidden, or shown when an `aria-controls` names them. On 2026-12-03 (load 15, one process,
 * `bench/reader-wcxb-variants.ts`): WCXB ALL 0.8765 → 0.8771 (service 0.8420 → 0.8439, article
 * 0.9596 → 0.9603, product 0.6446 → 0.6444; 4193 0.47 → 0.98, 4287 0.85 → 0.96, 0117 0.73 → 0.93,
 * 0616 0.845 → 0.835); trafilatura 0.9511 both (no page moves). Also reading a toggle's
 * `data-target`, `data-bs-target` or `href="#id"` (`anchors: true`) moved no page on either set.
 * Held out by site (`--variants controlled` with off and aria-controls only, load 12-15): WCXB 0.876
 * ± 0.013 against 0.876 ± 0.013 always off (0.877 ± 0.014 always on): folds 1-4 chose shown, fold 5
 * — which holds all three pages it lifts — chose off; trafilatura 0.951 ± 0.008 either way.
 * Linked sections (`linked-sections.ts`: siblings that 3 or 2 in-page links name keep their text
 * whatever their class): WCXB ALL 0.8771 → 0.8773 for both (article 0.9603 → 0.9607; 4233 0.79 →
 * 0.98, 0046 0.41 → 0.47, no page down); trafilatura 0.9511 unchanged. Headed panels (a hidden block
 * right after a shown heading): WCXB ALL 0.8771 both (1821 0.83 → 0.92, forum 0.8094 → 0.8093);
 * trafilatura FP 201 → 202 (a newsletter box's hidden "signed up" note after its heading).
 * Held out by site, the set below (2026-12-03, load 9-15, `--no-baseline`): WCXB 0.877 ± 0.014
 * (folds 0.868, 0.883, 0.888, 0.857, 0.890; folds 1-4 chose shipped and headed, fold 5 shipped)
 * against 0.876 ± 0.013 always off; whole set off 0.8765, aria-controls only 0.8771, shipped
 * 0.8773, with headed 0.8773. Trafilatura 0.951 ± 0.008: off, aria-controls only and shipped all
 * 0.9511 (no page moves; every fold chose off, the first of the tie), with headed 0.9509.
 */
import { CONTROLLED_PANEL_LIMITS } from '../../src/reader/html/index.js';
import type { Variant } from './reader-variant-sets.js';

export const cleanedVariantSets: Record<string, Variant[]> = {
  controlled: [
    { name: 'controlled panels off', controlledPanels: false },
    {
      name: 'aria-controls panels only',
      controlledPanels: { ...CONTROLLED_PANEL_LIMITS, linkedSections: false },
    },
    { name: 'aria-controls panels, linked sections (shipped)', controlledPanels: CONTROLLED_PANEL_LIMITS },
    {
      name: 'shipped and headed panels',
      controlledPanels: { ...CONTROLLED_PANEL_LIMITS, headed: true },
    },
  ],
};
