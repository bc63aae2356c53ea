/**
 * The variant sets of `bench/reader-folds.ts` for lane tokens2 (2026-12-03, `--no-baseline`, one set at a
 * time with `--set wcxb` / `--set trafilatura`, load 3–6 on 2 cores):
 * - `--variants hiding`: blocks a class hides (`hiding-classes.ts`, `ReaderSwitches.hidingClasses`) go
 *   unless they hold more than `largestShare` of the page; `whole` tokens (`hide`, `is-hidden`, `u-hide`)
 *   against any `word` of a token (`hidden-on-desktop`, `mfp-hide`). WCXB: every fold chose `whole, past
 *   0.8 stays`, held out 0.882 → 0.883 ± 0.014 (folds 0.875, 0.890, 0.893, 0.862, 0.894); whole set off
 *   0.8821, 0.5 0.8820, 0.8 0.8828, always 0.8828, word 0.8807. trafilatura: 0.8 loses a page whose theme
 *   hides the whole page (`rt-hidden` around the headline): whole set 0.9531 → 0.9524.
 * - `--variants hidingheadline` (the shipped form): as above, and a hidden block holding an `<h1>` stays.
 *   WCXB: every fold chose `headline or past 0.8 stays`, held out 0.883 ± 0.014 (folds 0.875, 0.889, 0.893,
 *   0.862, 0.894; off always 0.873, 0.888, 0.893, 0.862, 0.894 = 0.882 ± 0.014); whole set off 0.8821,
 *   0.5 0.8819, 0.8 0.8828, always 0.8828, word 0.8807. trafilatura: whole set 0.9531 for off and every
 *   whole-token variant (four pages' text changes, no snippet count), word 0.9527; folds 1–4 chose off
 *   (a tie), fold 5 chose `word` (0.949 → 0.946): held out 0.953 ± 0.008 at three decimals.
 * - `--variants hidingshipped`: off against the shipped setting alone.
 * - `--variants cards`: a linked heading among look-alike card headings is not an empty section
 *   (`card-headings.ts`, `ReaderSwitches.cardHeadings`), with hiding shipped. WCXB: every fold chose
 *   `cards of 3`, held out 0.883 ± 0.014 on and off (fold 5 0.894 → 0.895), whole set 0.8828 → 0.8829
 *   (of 2: 0.8828); trafilatura 0.9531 for all three, every fold a tie.
 * Dropped (no set left): reading `content-sidebar-wrap`-like tokens (the content, the sidebar and their
 * wrapper) as the layout, not a sidebar: the 12 WCXB pages with `content-sidebar-wrap` and every
 * trafilatura page read the same text with it on; the wrapper kept, 4632's linked card titles are lost
 * to selection instead.
 */
import type { Variant } from './reader-variant-sets.js';

export const tokens2VariantSets: Record<string, Variant[]> = {
  hiding: [
    { name: 'hiding off', hidingClasses: false },
    {
      name: 'whole, past 0.5 stays',
      hidingClasses: { tokens: 'whole', largestShare: 0.5, headlineStays: false },
    },
    {
      name: 'whole, past 0.8 stays',
      hidingClasses: { tokens: 'whole', largestShare: 0.8, headlineStays: false },
    },
    { name: 'whole, always goes', hidingClasses: { tokens: 'whole', largestShare: 1, headlineStays: false } },
    {
      name: 'word, past 0.8 stays',
      hidingClasses: { tokens: 'word', largestShare: 0.8, headlineStays: false },
    },
  ],
  hidingshipped: [
    { name: 'hiding off', hidingClasses: false },
    {
      name: 'headline or past 0.8 stays',
      hidingClasses: { tokens: 'whole', largestShare: 0.8, headlineStays: true },
    },
  ],
  hidingheadline: [
    { name: 'hiding off', hidingClasses: false },
    {
      name: 'headline or past 0.5 stays',
      hidingClasses: { tokens: 'whole', largestShare: 0.5, headlineStays: true },
    },
    {
      name: 'headline or past 0.8 stays',
      hidingClasses: { tokens: 'whole', largestShare: 0.8, headlineStays: true },
    },
    { name: 'headline stays', hidingClasses: { tokens: 'whole', largestShare: 1, headlineStays: true } },
    {
      name: 'word, headline or past 0.8',
      hidingClasses: { tokens: 'word', largestShare: 0.8, headlineStays: true },
    },
  ],
  cards: [
    { name: 'cards off', cardHeadings: false },
    { name: 'cards of 2', cardHeadings: { leastLookAlikes: 2 } },
    { name: 'cards of 3', cardHeadings: { leastLookAlikes: 3 } },
  ],
};
