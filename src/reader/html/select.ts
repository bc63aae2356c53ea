import { type ClassShapePlaces, classShapeOf } from './class-shape.js';
import { childElementsOf, tagOf } from './dom.js';
import { dropFooterCandidates } from './page-footer.js';
import { productRegionOf } from './product.js';
import { bestCandidate, scoreCandidates } from './score.js';
import { type ElementStats, linkDensityOf, measure } from './stats.js';
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
  return bestLength < regionLength * BEST_BLOCK_MIN_SHARE ? [region] : best;
}

/** What the page is, as far as choosing its content goes. */
export interface SelectOptions {
  /** A forum thread or Q&A page: the posts are the content. */
  discussion: boolean;
  product?: boolean;
  /** A story page (its metadata says so): a thread or teaser list after the story is not the story. */
  article?: boolean;
  /** On a discussion page, lift the chosen post to its thread (see `PostMechanisms.postContainer`). */
  postContainer?: boolean;
  /** The page's footer is no candidate (default true; see `page-footer.ts`). */
  footer?: boolean;
  /** Where look-alike blocks are read by class shape, not first class token (see `class-shape.ts`). */
  classShape?: ClassShapePlaces;
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
    top = threadAround(top, root, options.classShape?.posts) ?? top;
  const story =
    options.article && !options.discussion ? storyBefore(top, root, scores, stats, shaped) : undefined;
  if (story) return withSiblings(story, scores, stats).filter((sibling) => !sibling.contains(top));
  return withSiblings(top, scores, stats);
}

/** A thread's or teaser list's items: at least this many look-alike blocks… */
const THREAD_MIN_ITEMS = 4;
/** …holding this share of its text… */
const THREAD_ITEMS_SHARE = 0.6;
/** …each short (median characters): comments and teasers, not a story's sections. */
const THREAD_ITEM_MAX_LENGTH = 500;
/** …most of them linking to another page (a teaser's story, a commenter's site). */
const THREAD_LINKED_SHARE = 0.6;
/** The story before a thread has at least this many characters outside links… */
const STORY_MIN_PROSE = 300;
/** …and reads as prose, not a menu. */
const STORY_MAX_LINK_DENSITY = 0.3;

/**
 * On a story page, when the chosen block is a run of short look-alike items (a comment thread, a
 * "latest news" teaser list) and a block of prose comes before it, that block is the story: a
 * comment section never beats the post it follows. The story is the best-scoring block before the
 * thread (not holding it), and it holds the page's headline (its first `<h1>`); it is not widened:
 * its parent holds the thread or what stands between them.
 */
function storyBefore(
  top: Element,
  root: Element,
  scores: Map<Element, number>,
  stats: Map<Element, ElementStats>,
  shaped: boolean,
): Element | undefined {
  if (!isThread(top, stats, shaped)) return undefined;
  let best: Element | undefined;
  let bestScore = 0;
  for (const [element, score] of scores) {
    if (score <= bestScore || element.contains(top)) continue;
    // DOCUMENT_POSITION_FOLLOWING: the thread comes after this block.
    if (!(element.compareDocumentPosition(top) & 4)) continue;
    best = element;
    bestScore = score;
  }
  // The story holds the page's headline; a thread holding it is the page's own content.
  const headline = root.querySelector('h1');
  if (!best || !headline || !best.contains(headline)) return undefined;
  const measured = stats.get(best);
  if (proseLength(measured) < STORY_MIN_PROSE || linkDensityOf(measured) >= STORY_MAX_LINK_DENSITY)
    return undefined;
  return best;
}

/**
 * Whether most of the block's text is in short look-alike children that hold blocks of their own
 * and mostly link elsewhere: the items of a thread (each with its poster) or of a teaser list. A
 * story's run of paragraphs is not one, nor are its headed sections.
 */
function isThread(block: Element, stats: Map<Element, ElementStats>, shaped: boolean): boolean {
  const groups = new Map<string, Element[]>();
  for (const child of childElementsOf(block)) {
    if ((stats.get(child)?.textLength ?? 0) <= 20 || !child.querySelector('p, h2, h3, h4, h5, h6, div'))
      continue;
    // Added in place: a copy of the group for each child took the square of a page's thousands of items.
    const signature = signatureOf(child, shaped);
    const group = groups.get(signature);
    if (group) group.push(child);
    else groups.set(signature, [child]);
  }
  let items: Element[] = [];
  for (const group of groups.values()) if (group.length > items.length) items = group;
  if (items.length < THREAD_MIN_ITEMS) return false;
  const linked = items.filter((item) => linksElsewhere(item)).length;
  // Items with headings of their own (not links) are a story's sections: a round-up, an FAQ.
  if (linked < items.length * THREAD_LINKED_SHARE || items.some(hasOwnHeading)) return false;
  const lengths = items.map((item) => stats.get(item)?.textLength ?? 0).sort((a, b) => a - b);
  const itemsLength = lengths.reduce((sum, length) => sum + length, 0);
  return (
    itemsLength >= (stats.get(block)?.textLength ?? 0) * THREAD_ITEMS_SHARE &&
    lengths[Math.floor(lengths.length / 2)]! <= THREAD_ITEM_MAX_LENGTH
  );
}

const WIDEN_FACTOR = 1.5;
const WIDEN_MAX_LINK_DENSITY = 0.3;

/** Characters of text outside links. */
function proseLength(measured: ElementStats | undefined): number {
  return measured ? measured.textLength - measured.linkTextLength : 0;
}

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

/**
 * Whether the element is one of several look-alike siblings (same tag and class) that together hold
 * more text than it: a post of a thread, an item of a listing. Their parent is then the content.
 */
function isRepeatedItem(
  element: Element,
  stats: Map<Element, ElementStats>,
  minimum: number,
  shaped: boolean,
): boolean {
  const parent = element.parentElement;
  if (!parent) return false;
  const signature = signatureOf(element, shaped);
  const alike = childElementsOf(parent).filter(
    (sibling) => signatureOf(sibling, shaped) === signature && (stats.get(sibling)?.textLength ?? 0) > 20,
  );
  if (alike.length < minimum) return false;
  const total = alike.reduce((sum, sibling) => sum + (stats.get(sibling)?.textLength ?? 0), 0);
  return total > (stats.get(element)?.textLength ?? 0) * 2;
}

/** Tag and first class token (or class shape, `shaped`): what look-alike blocks (posts, items) share. */
function signatureOf(element: Element, shaped: boolean): string {
  if (shaped) return `${tagOf(element)}.${classShapeOf(element)}`;
  return `${tagOf(element)}.${(element.getAttribute('class') ?? '').trim().split(/\s+/)[0]}`;
}

/**
 * When the chosen block sits inside one of several look-alike blocks (a post among posts, an item
 * among items), returns the container of them all; the highest such container within a few levels.
 */
function repeatedContainerOf(
  top: Element,
  root: Element,
  stats: Map<Element, ElementStats>,
  minimum: number,
  shaped: boolean,
): Element {
  let result = top;
  let element: Element | null = top;
  for (let level = 0; element && element !== root && level < 10; level++) {
    if (isRepeatedItem(element, stats, minimum, shaped) && element.parentElement)
      result = element.parentElement;
    element = element.parentElement;
  }
  return result;
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

/** Whether a block links to another page (not to an anchor on this one). */
function linksElsewhere(element: Element): boolean {
  return element
    .querySelectorAll('a[href]')
    .some((link) => !(link.getAttribute('href') ?? '').trim().startsWith('#'));
}

/** Whether a block has a heading that is not a link: a section of the story, not a teaser. */
function hasOwnHeading(element: Element): boolean {
  return element
    .querySelectorAll('h2, h3, h4, h5, h6')
    .some((heading) => !heading.closest('a[href]') && !heading.querySelector('a[href]'));
}
