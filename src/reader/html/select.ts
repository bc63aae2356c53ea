import type { ClassShapePlaces } from './class-shape.js';
import { childElementsOf, tagOf } from './dom.js';
import { dropFooterCandidates } from './page-footer.js';
import { productRegionOf } from './product.js';
import { type ProseChildLimits, proseChildOf } from './prose-child.js';
import { isRepeatedItem, repeatedContainerOf, storyBefore } from './repeated-items.js';
import { bestCandidate, scoreCandidates } from './score.js';
import { type ElementStats, linkDensityOf, measure, proseLength } from './stats.js';
import { threadAround } from './thread-posts.js';
import type { Element } from './tree/index.js';

/**
 * Chooses the main content of a cleaned page: the best-scoring container, widened to its parent
 * when the parent holds substantially more prose, plus related siblings. Falls back to the whole
 * root when nothing scores.
 */
export function selectMainContent(root: Element, options: SelectOptions = { discussion: false }): Element[] {
  const stats = measure(root);
  const best = bestBlocks(root, stats, options);
  // Landing pages, listings and hubs spread their content over many blocks of similar weight;
  // when the best block holds little of the main region's text, the whole region is the content.
  const region = mainRegionOf(root, stats);
  const regionLength = proseLength(stats.get(region));
  const bestLength = best.reduce((sum, element) => sum + proseLength(stats.get(element)), 0);
  const chosen = bestLength < regionLength * BEST_BLOCK_MIN_SHARE ? [region] : best;
  // A lone block (the region, a page wrapper) may hold its prose in one child among links.
  const [only] = chosen;
  return options.proseChild && only && chosen.length === 1
    ? [proseChildOf(only, stats, options.proseChild)]
    : chosen;
}

/** What the page is, as far as choosing its content goes. */
export interface SelectOptions {
  /** A forum thread or Q&A page: the posts are the content. */
  discussion: boolean;
  product?: boolean;
  /** A story page (its metadata says so): a thread or teaser list after the story is not the story. */
  article?: boolean;
  /** The story before such a list may follow the headline, not hold it (see `storyBefore`; default false). */
  storyBelowHeadline?: boolean;
  /** On a discussion page, lift the chosen post to its thread (see `PostMechanisms.postContainer`). */
  postContainer?: boolean;
  /** How far out the thread's opening post is looked for (see `PostMechanisms.openingLevels`). */
  openingLevels?: number;
  /** The page's footer is no candidate (default true; see `page-footer.ts`). */
  footer?: boolean;
  /** Where look-alike blocks are read by class shape, not first class token (see `class-shape.ts`). */
  classShape?: ClassShapePlaces;
  /** Narrow a lone chosen block to the child holding its prose (see `prose-child.ts`); `false` or absent: never. */
  proseChild?: ProseChildLimits | false;
}

/** Below this share of the main region's text, the best-scoring blocks give way to the region. */
const BEST_BLOCK_MIN_SHARE = 0.7;

/** A `<main>` (or `role="main"`) element holding this share of the page's text is its main region. */
const MAIN_ELEMENT_MIN_SHARE = 0.3;

/** The page's main region: its `<main>` element when that holds a fair share of the text, else the root. */
function mainRegionOf(root: Element, stats: Map<Element, ElementStats>): Element {
  const total = stats.get(root)?.textLength ?? 0;
  for (const main of root.querySelectorAll('main, [role="main"]')) {
    if ((stats.get(main)?.textLength ?? 0) > total * MAIN_ELEMENT_MIN_SHARE) return main;
  }
  return root;
}

/** The best-scoring container with its related siblings (or a product's region and description). */
function bestBlocks(root: Element, stats: Map<Element, ElementStats>, options: SelectOptions): Element[] {
  const scores = scoreCandidates(root, stats);
  if (options.footer ?? true) dropFooterCandidates(root, scores);
  let top = bestCandidate(scores);
  if (!top) return [root];
  const productRegion = options.product ? productRegionOf(root, stats) : undefined;
  if (productRegion) {
    // The description often sits outside the name/price panel; keep both, in document order.
    if (productRegion.contains(top) || top.contains(productRegion))
      return [top.contains(productRegion) ? top : productRegion];
    const following = productRegion.compareDocumentPosition(top) & 4;
    return following ? [productRegion, top] : [top, productRegion];
  }
  const shaped = options.classShape?.select ?? false;
  top = widen(top, root, scores, stats, shaped);
  top = repeatedContainerOf(top, root, stats, options.discussion ? 2 : 3, shaped);
  if (options.discussion && options.postContainer)
    top = threadAround(top, root, options.classShape?.posts, options.openingLevels) ?? top;
  const story =
    options.article && !options.discussion
      ? storyBefore(top, root, scores, stats, { shaped, belowHeadline: options.storyBelowHeadline ?? false })
      : undefined;
  if (story) return withSiblings(story, scores, stats).filter((sibling) => !sibling.contains(top));
  return withSiblings(top, scores, stats);
}

const WIDEN_FACTOR = 1.5;
const WIDEN_MAX_LINK_DENSITY = 0.3;

/** Climbs while a parent scores nearly as well, so split article bodies are kept whole. */
function widen(
  top: Element,
  root: Element,
  scores: Map<Element, number>,
  stats: Map<Element, ElementStats>,
  shaped: boolean,
): Element {
  let candidate = top;
  const topScore = scores.get(top) ?? 0;
  while (candidate !== root && candidate.parentElement) {
    const parent = candidate.parentElement;
    const parentScore = scores.get(parent) ?? 0;
    const parentStats = stats.get(parent);
    const ownStats = stats.get(candidate);
    if (!parentStats || !ownStats) break;
    const onlyChild = childElementsOf(parent).length === 1;
    const holdsMoreProse =
      proseLength(parentStats) > proseLength(ownStats) * WIDEN_FACTOR &&
      linkDensityOf(parentStats) < WIDEN_MAX_LINK_DENSITY;
    if (
      !onlyChild &&
      parentScore < topScore * 0.75 &&
      !isRepeatedItem(candidate, stats, 3, shaped) &&
      !holdsMoreProse
    )
      break;
    candidate = parent;
  }
  return candidate;
}

/** Siblings that score well or read like prose join the top candidate; so do headings between them. */
function withSiblings(
  top: Element,
  scores: Map<Element, number>,
  stats: Map<Element, ElementStats>,
): Element[] {
  const parent = top.parentElement;
  if (!parent || tagOf(top) === 'body') return [top];
  const threshold = Math.max(10, (scores.get(top) ?? 0) * 0.2);
  const siblings = childElementsOf(parent);
  const kept = siblings.map(
    (sibling) => sibling === top || (scores.get(sibling) ?? 0) >= threshold || readsLikeProse(sibling, stats),
  );
  return siblings.filter((sibling, index) => {
    if (kept[index]) return true;
    // A heading right before kept content introduces it.
    return (
      /^h[1-6]$/.test(tagOf(sibling)) &&
      kept[index + 1] === true &&
      (stats.get(sibling)?.textLength ?? 0) < 200
    );
  });
}

/** Text with few links that ends sentences: a lead paragraph or a box of prose beside the body. */
function readsLikeProse(element: Element, stats: Map<Element, ElementStats>): boolean {
  const measured = stats.get(element);
  if (!measured || measured.textLength === 0) return false;
  const density = linkDensityOf(measured);
  const text = element.textContent;
  if (tagOf(element) === 'p') {
    return (measured.textLength > 80 && density < 0.25) || (density === 0 && /[.!?]\s*$/.test(text));
  }
  return (
    measured.textLength >= 60 &&
    density < 0.2 &&
    /[.!?:]["“”»«]?\s*$/.test(text.trim()) &&
    /[.!?]\s/.test(text)
  );
}
