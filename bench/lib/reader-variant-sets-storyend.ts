/**
 * The variant set of `bench/reader-folds.ts` for lane storyend (2026-12-03, `--variants storyend`):
 * where a story ends, retuned on the knobs it already has — the story's frame (`story-edges.ts`:
 * how many ancestors above the element holding all its prose still count as the story's, 1
 * shipped) and the longest run the story's tail may hold and still go (`story-tail.ts`:
 * `longestRun`, 600 shipped).
 *
 * Measured 2026-12-03 (`--no-baseline`, load 12-19): nothing holds out, the shipped limits stay.
 * trafilatura: four folds of five chose shipped (one frame +0), held out 0.953 ± 0.007 (folds 0.945,
 * 0.952, 0.964, 0.954, 0.949); whole set shipped 0.9531, frame +0 0.9530, frame +2 0.9529, tail run
 * ≤300 0.9523 (FP 194 → 199: it keeps tails holding a run of 301–600 letters), ≤1200 0.9531.
 * WCXB dev: four folds chose tail run ≤300, one shipped, held out 0.881 ± 0.013 (folds 0.873, 0.888,
 * 0.891, 0.862, 0.892) as shipped always; whole set shipped 0.8813, frame +0 0.8809, frame +2 0.8813,
 * tail run ≤300 0.8814, ≤1200 0.8811. The two sets pull apart: what WCXB's references keep after a
 * story (a sign-off, an editor's note, a source line) trafilatura's snippets mark as not content, so
 * the one tail limit WCXB prefers costs trafilatura five snippets. Per WCXB type
 * (`bench/reader-wcxb-variants.ts`, shipped → tail run ≤300 → frame +0): article 0.9614 → 0.9615 →
 * 0.9607, service 0.8498 → 0.8497 → 0.8498, collection 0.7133 → 0.7133 → 0.7120, forum 0.8181 →
 * 0.8181 → 0.8179, the other types unchanged.
 */
import { STORY_TAIL_LIMITS } from '../../src/reader/html/index.js';
import { edgesAt, type Variant } from './reader-variant-sets.js';

export const storyendVariantSets: Record<string, Variant[]> = {
  storyend: [
    { name: 'shipped' },
    { name: 'frame +0', mainRun: edgesAt({ frameLevels: 0 }) },
    { name: 'frame +2', mainRun: edgesAt({ frameLevels: 2 }) },
    { name: 'tail run ≤300', tail: { ...STORY_TAIL_LIMITS, longestRun: 300 } },
    { name: 'tail run ≤1200', tail: { ...STORY_TAIL_LIMITS, longestRun: 1200 } },
  ],
};
