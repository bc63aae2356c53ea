/**
 * The variant set of `bench/reader-folds.ts` for the early morning of 2026-12-03 (`--variants
 * morning`): that round's five mechanisms together, all off against all shipped — listing items
 * judged as the listing's (`listing-items.ts`), controlled panels shown and in-page-linked sections
 * kept (`controlled-panels.ts`, `linked-sections.ts`), look-alike sections joining the chosen block
 * (`look-alike-sections.ts`), trailing runs of link-and-summary teasers (`trailing-repeats.ts`) and
 * repeated furniture read by class shape (`class-shape.ts`). Each mechanism's own set is in its
 * lane's file (`--variants lists`, `controlled`, `outside`, `wide`, `classes`).
 *
 * Measured on the merged tree (2026-12-03, `--no-baseline`, load 0.5–2): every fold of both sets
 * chose on. trafilatura held out 0.951 ± 0.008 → 0.952 ± 0.008 (whole set 0.9511 → 0.9519; folds
 * 0.943, 0.949, 0.965, 0.954, 0.949); WCXB held out 0.876 ± 0.013 → 0.879 ± 0.014 (whole set
 * 0.8765 → 0.8789; folds 0.871, 0.887, 0.889, 0.858, 0.891).
 */
import { CLASS_SHAPE_PLACES } from '../../src/reader/html/index.js';
import { BLOCK_TEASER_RUNS } from '../../src/reader/html/trailing-repeats.js';
import type { Variant } from './reader-variant-sets.js';

export const morningVariantSets: Record<string, Variant[]> = {
  morning: [
    {
      name: 'morning off',
      listingItems: false,
      controlledPanels: false,
      lookAlikeSections: false,
      trailingRepeats: BLOCK_TEASER_RUNS,
      classShape: false,
    },
    { name: 'morning on (shipped)' },
  ],
  /**
   * `--variants later`: the three mechanisms of later that morning together, all off against
   * shipped — class tokens read by how they are built (`token-readings.ts`), the content chosen by
   * class shape (`select.ts`), a listing's main run from its first item and its calls to action
   * (`listing-run.ts`). Each one's own set: `--variants tokens`, `selectshape-select`, `index`.
   * Measured on the merged tree (`--no-baseline`, load 1–3): every fold of both sets chose on;
   * trafilatura held out 0.952 ± 0.008 → 0.953 ± 0.008 (whole set 0.9519 → 0.9526), WCXB 0.879 ±
   * 0.014 either way (whole set 0.8789 → 0.8793).
   */
  later: [
    {
      name: 'later off',
      classTokens: false,
      classShape: { ...CLASS_SHAPE_PLACES, select: false },
      listingRun: false,
    },
    { name: 'later on (shipped)' },
  ],
  /**
   * `--variants noon`: the three mechanisms of late morning together, all off against shipped — a
   * lone chosen wrapper narrowed to its prose child (`prose-child.ts`), accordions of repeated
   * button-and-block pairs shown (`disclosure-pairs.ts`), the short blocks every post of a thread
   * repeats taken out (`post-furniture.ts`). Each one's own set: `--variants root`, `disclosure`,
   * `post-furniture`.
   */
  noon: [
    { name: 'noon off', proseChild: false, disclosurePairs: false, postFurniture: false },
    { name: 'noon on (shipped)' },
  ],
  /**
   * `--variants afternoon`: the two mechanisms of the afternoon that add to the reader, both off
   * against shipped — look-alike headed sections kept whatever their class says (`headed-runs.ts`)
   * and sibling boxes written apart where a word ends and another starts (`word-boundaries.ts`).
   * Each one's own set: `--variants ceiling`, `glue`. The third, product extras told by their items
   * instead of heading phrases (`--variants product3`), replaced a list that is gone, so it has no
   * "off" here.
   */
  afternoon: [
    { name: 'afternoon off', headedRuns: false, wordBoundaries: false },
    { name: 'afternoon on (shipped)' },
  ],
  /**
   * `--variants dec3evening`: the evening's mechanisms together, all off against shipped — React's
   * streamed parts placed where a browser shows them (`streamed-segments.ts`) and look-alike
   * siblings hidden by class shown as tabs or one copy (`hidden-look-alikes.ts`), a short post read
   * as the thread it opens (`thread-below.ts`) and a thread's opening post looked for further out
   * (`posts.openingLevels`, `thread-posts.ts`), blocks a framework's whole hiding class hides
   * (`hiding-classes.ts`) and linked card headings kept though nothing follows them
   * (`card-headings.ts`). Each one's own set: `--variants cleaning`, `cleaning-copies`, `forum2`,
   * `forum2-opening`, `hidingshipped`, `cards`.
   */
  dec3evening: [
    {
      name: 'evening off',
      streamedSegments: false,
      hiddenLookAlikes: false,
      threadBelow: false,
      posts: { openingLevels: 0 },
      hidingClasses: false,
      cardHeadings: false,
    },
    { name: 'evening on (shipped)' },
  ],
};
