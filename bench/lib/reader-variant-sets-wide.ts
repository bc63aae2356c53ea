/**
 * The variant sets of `bench/reader-folds.ts` from 2026-12-03's lane wide (what trails the story on
 * trafilatura), with what each measured.
 *
 * `--variants wide`: the runs of look-alike teasers after an article's story that `dropTrailingRepeats`
 * removes (`prune-blocks.ts`): blocks holding blocks only, runs of four (before); blocks of a link and
 * a summary of at least 40, 80 (shipped) or 150 letters count too; runs of three.
 */
import { BLOCK_TEASER_RUNS, TEASER_RUNS } from '../../src/reader/html/prune-blocks.js';
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
