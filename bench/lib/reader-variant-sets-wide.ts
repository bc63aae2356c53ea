/**
 * The variant sets of `bench/reader-folds.ts` from 2026-12-03's lane wide (what trails the story on
 * trafilatura), with what each measured.
 *
 * `--variants wide`: the runs of look-alike teasers after an article's story that `dropTrailingRepeats`
 * removes (`prune-blocks.ts`): blocks holding blocks only, runs of four (before); blocks of a link and
 * a summary of at least 40, 80 (shipped) or 150 letters count too; runs of three.
 * On 2026-12-03 (load 14-17, `--no-baseline`): trafilatura whole set block teasers only 0.9511 (FP 201),
 * every summary limit 0.9516 (FP 198: tv-orange's `ul.related_post li > a + small`), runs of three
 * 0.9522 (FP 194); held out by site 0.952 ± 0.008 (every fold chose runs of three; the shipped rule
 * always: 0.952 ± 0.008, block teasers only 0.951 ± 0.008). WCXB whole set 0.8765 for block teasers
 * only and every summary limit (four pages move, two up, two down), runs of three 0.8762 (it cuts the
 * last cards of listings: cabletv 0.690 -> 0.602, wirecutter 0.808 -> 0.556); held out 0.876 ± 0.013
 * whichever the folds chose. Runs of three are not shipped: they do not hold on WCXB.
 */
import { BLOCK_TEASER_RUNS, TEASER_RUNS } from '../../src/reader/html/trailing-repeats.js';
import type { Variant } from './reader-variant-sets.js';

export const wideVariantSets: Record<string, Variant[]> = {
  wide: [
    { name: 'block teasers only', trailingRepeats: BLOCK_TEASER_RUNS },
    { name: 'link + summary 80 (shipped)', trailingRepeats: TEASER_RUNS },
    { name: 'link + summary 40', trailingRepeats: { ...TEASER_RUNS, summaryLetters: 40 } },
    { name: 'link + summary 150', trailingRepeats: { ...TEASER_RUNS, summaryLetters: 150 } },
    { name: 'runs of three', trailingRepeats: { ...TEASER_RUNS, minItems: 3 } },
  ],
};
