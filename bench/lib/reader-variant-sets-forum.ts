/**
 * The variant set of `bench/reader-folds.ts` for lane forum (2026-12-03, `--variants post-furniture`): a
 * thread's per-post furniture (`post-furniture.ts`, switch `postFurniture`) — the short blocks the
 * posts each repeat (a poster's rank and the labels of their stats, "Offline"), the same text or the
 * same label in 2 places or more (or 3), off against on.
 *
 * Measured 2026-12-03 (`--no-baseline`, load 11–20): WCXB every fold chose "in 2", held out 0.879 ±
 * 0.014 → 0.880 ± 0.014 (whole set 0.8793 → 0.8795 for 2 and 3; folds 0.871, 0.887, 0.890, 0.859,
 * 0.891); trafilatura every variant 0.9526 (no snippet moves; held out 0.953 ± 0.008, ties keep the
 * first listed). Per type (`bench/reader-wcxb-variants.ts`, same run): forum 0.8148 → 0.8170 (3) →
 * 0.8177 (2), service 0.8474 → 0.8473 (2), the rest unchanged.
 *
 * `--variants forum2` (evening of 2026-12-03): a short post that the page's comment blocks outweigh
 * is read as the thread it opens (`thread-below.ts`, switch `threadBelow`): off; below 2500
 * characters at three times the text on pages that do not call themselves articles; below 2500 or
 * 5000 at twice the text, not on articles (the candidate: 2500). Every variant takes the thread only
 * when what it adds is mostly prose (under half in links).
 *
 * Measured 2026-12-03 16:06–16:12 (`--no-baseline`, `--set` each, load 13–15): WCXB off 0.8813, 2500
 * 3x 0.8813, 2500 2x 0.8821, 5000 2x 0.8821; every fold chose 2500 2x, held out 0.882 ± 0.013
 * (folds 0.875, 0.890, 0.891, 0.862, 0.892) against 0.881 ± 0.013 off (0.873, 0.888, 0.891, 0.862,
 * 0.892). Pages moved (off → 2500 2x): lemmy.ml post 0.618 → 0.905 (forum), alison.com courses 0.462
 * → 0.809 (listing), ahrefs.com/seo 0.484 → 0.820 (documentation); none worse; per type forum 0.8181
 * → 0.8206, listing 0.7564 → 0.7599, documentation 0.9302 → 0.9340. trafilatura off 0.9531, 2500 3x
 * 0.9531, 2500 2x 0.9531, 5000 2x 0.9528; folds chose 2500 3x (four) and off (one, ties keep the
 * first listed), held out 0.953 ± 0.008 (0.945, 0.952, 0.965, 0.953, 0.948); 2500 2x always:
 * 0.945, 0.954, 0.965, 0.953, 0.948 (0.953 ± 0.008). Its four pages: theperspective.com items TP +2
 * (FN −2); reddit.com init and neunzehn72.de (a blog without article metadata) FP +1 each (their
 * comments, which trafilatura's references leave out). Without the prose condition a federation's
 * news page (dsv.de) took its menus (FP +3) and 2500 2x was 0.9526.
 */
import type { Variant } from './reader-variant-sets.js';

export const forumVariantSets: Record<string, Variant[]> = {
  'post-furniture': [
    { name: 'post furniture off', postFurniture: false },
    { name: 'post furniture in 3', postFurniture: { maxLength: 40, minPlaces: 3 } },
    { name: 'post furniture in 2 (shipped)' },
  ],
  forum2: [
    { name: 'thread below off', threadBelow: false },
    { name: 'below 2500, 3x', threadBelow: { below: 2500, gain: 3, articles: false } },
    { name: 'below 2500, 2x (candidate)' },
    { name: 'below 5000, 2x', threadBelow: { below: 5000, gain: 2, articles: false } },
  ],
  // The thread's opening post looked for further out than the replies' container's parent, and the
  // chosen block taken as the replies' container when it holds look-alike posts itself
  // (`PostMechanisms.openingLevels` in thread-posts.ts; a post with 150 letters outside links):
  // off (0), 2 levels (candidate), 3 levels. Measured 2026-12-03 16:31–16:35 (`--no-baseline`, load
  // 12–14): WCXB 0.8821, 0.8822, 0.8822; folds 1, 2, 3, 5 chose 2 levels, fold 4 off; held out 0.882
  // ± 0.013 (0.875, 0.890, 0.891, 0.862, 0.892), the same as off always; 2 levels always 0.875,
  // 0.890, 0.891, 0.863, 0.892. trafilatura 0.9531 for all three (no page moves). Forum pages
  // (off → 2 levels): toyotanation 0.763 → 0.919, woodworkingtalk 0.921 → 0.964, avsforum 0.839 →
  // 0.851; old.reddit 0.794 → 0.742, watchuseek 0.922 → 0.912; forum 0.8206 → 0.8220. Without the
  // 150 letters a thread's header (title, poster, date) counted as its opening post: 17 forum pages
  // moved, 13 of them down.
  'forum2-opening': [
    { name: 'opening beside replies only', posts: { openingLevels: 0 } },
    { name: 'opening 2 levels out (candidate)' },
    { name: 'opening 3 levels out', posts: { openingLevels: 3 } },
  ],
};
