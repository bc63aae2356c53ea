import { isElement, tagOf } from './dom.js';
import { type ListingRunLimits, widenedToItems } from './listing-run.js';
import { type InlineRun, inlineRunsOf, runText, wordCharacters } from './runs.js';
import { dropOutsideStoryEdges, STORY_EDGE_LIMITS, type StoryEdgeLimits } from './story-edges.js';
import type { Element } from './tree/index.js';

/**
 * Limits of the main run: the stretch of the content from its first to its last run of prose.
 * Chosen on training folds by site (`bench/reader-folds.ts`), never on the fold they are scored on.
 */
export interface MainRunLimits {
  /** A run with at least this many letters and digits, at most half of them in links, is prose. */
  proseLetters: number;
  /** A run outside the main run with at least this share of its letters in links is a link. */
  linkShare: number;
  /**
   * The runs on one side of the main run go only when they hold at most this share of its
   * letters: a listing's items after its introduction are the content, a story's trailing links
   * are not.
   */
  outsideShare: number;
  /** Whether link runs before the main run go too (a menu entry, a breadcrumb), not only after it. */
  before: boolean;
  /** Where the story starts and ends, link runs or not (see `dropOutsideStoryEdges`); `false` keeps all. */
  edges: StoryEdgeLimits | false;
  /**
   * How a listing's items widen the main run (see `listing-run.ts`); `false` or absent: not at all.
   * Set from the reader's own switch, `listingRun`.
   */
  listing?: ListingRunLimits | false;
}

/** The limits the reader uses (see `MainRunLimits`): what every training fold chose on both sets. */
export const MAIN_RUN_LIMITS: MainRunLimits = {
  proseLetters: 80,
  linkShare: 0.9,
  outsideShare: 0.5,
  before: true,
  edges: STORY_EDGE_LIMITS,
};

/** A run with at most this share of its letters in links can be prose. */
const PROSE_MAX_LINK_SHARE = 0.5;

/** A run with its letters and the share of them inside links. */
interface MeasuredRun {
  run: InlineRun;
  letters: number;
  linkLetters: number;
}

/**
 * Removes the link runs (a related story's headline, a menu entry, "back to the list") that stand
 * after the content's main run, and with `before` also ahead of it. A story ends with its last
 * sentence; a bare link after it points elsewhere. Inside the main run a linked line is the
 * story's own (a chapter list, a source) and stays, and so do a link whose text is its address
 * (a source the text cites) and a linked headline followed by its own summary (a card). Runs go
 * whole, so no sentence loses words.
 */
export function dropLinksOutsideMainRun(
  content: Element[],
  {
    limits = MAIN_RUN_LIMITS,
    article,
    itemsOf,
  }: {
    limits?: MainRunLimits | undefined;
    article: boolean;
    /** Each chosen block's listing items, which widen the main run as `limits.listing` says. */
    itemsOf?: ReadonlyMap<Element, ReadonlySet<Element>>;
  },
): void {
  const runs = inlineRunsOf(content).map(measureRun);
  const isProse = (entry: MeasuredRun) =>
    entry.letters >= limits.proseLetters && entry.linkLetters <= entry.letters * PROSE_MAX_LINK_SHARE;
  const proseFirst = runs.findIndex(isProse);
  if (proseFirst === -1) return;
  const prose = { first: proseFirst, last: runs.findLastIndex(isProse) };
  const { first, last } =
    itemsOf && limits.listing
      ? widenedToItems(
          runs.map((entry) => entry.run.parent),
          prose,
          itemsOf,
          limits.listing,
        )
      : prose;
  if (limits.edges !== false) dropOutsideStoryEdges({ runs, first, last, article }, limits.edges);
  const main = lettersOf(runs.slice(first, last + 1));
  const sides = [
    { runs: runs.slice(last + 1), after: true },
    ...(limits.before ? [{ runs: runs.slice(0, first), after: false }] : []),
  ];
  for (const { runs: side, after } of sides) {
    if (lettersOf(side) > main * limits.outsideShare) continue;
    const isLink = (entry: MeasuredRun | undefined) =>
      entry !== undefined && entry.letters > 0 && entry.linkLetters >= entry.letters * limits.linkShare;
    side.forEach((entry, index) => {
      if (!isLink(entry) || namesItsAddress(entry.run)) return;
      // After the story, a linked headline followed by a summary of its own is a card, which
      // `dropTeaserCards` judges: a service page's offers are its content. (Before the story the
      // text after a link is the story's own headline.)
      const next = side[index + 1];
      if (after && next !== undefined && next.letters > 0 && !isLink(next)) return;
      for (const node of entry.run.nodes) node.parentNode?.removeChild(node);
    });
  }
}

function lettersOf(runs: MeasuredRun[]): number {
  return runs.reduce((sum, entry) => sum + entry.letters, 0);
}

/** Letters and digits of a run, and how many of them sit inside links. */
function measureRun(run: InlineRun): MeasuredRun {
  const letters = wordCharacters(runText(run));
  // A card link wrapping blocks holds the run whole.
  if (run.parent.closest('a[href]')) return { run, letters, linkLetters: letters };
  let linkLetters = 0;
  for (const node of run.nodes) {
    if (!isElement(node)) continue;
    const links =
      tagOf(node) === 'a' && node.hasAttribute('href') ? [node] : node.querySelectorAll('a[href]');
    for (const link of links) linkLetters += wordCharacters(link.textContent);
  }
  return { run, letters, linkLetters };
}

/** Whether the run's text is a web address: a source the text cites, not a pointer to another page. */
function namesItsAddress(run: InlineRun): boolean {
  return /^(https?:\/\/|www\.)\S+$/i.test(runText(run).trim());
}
