import { childElementsOf, isElement, isText, SPACE_RUNS, tagOf } from './dom.js';
import { hasOwnHeading } from './sections.js';
import type { ElementStats } from './stats.js';
import type { Element, Node } from './tree/index.js';
import { leadsElsewhere } from './urls.js';

/**
 * The items of a listing inside the chosen content: sibling blocks of one look (the same tag and
 * the same leading class name), enough of them, most linking to a page of their own, together
 * holding a fair share of the content — a shop's product cards, a blog index's entries, a
 * directory's rows. Pruning judges such an item as part of the listing: a card whose class names
 * its tags (`tag-news`) is no tag list, its linked title is no list of links, and a "Comments"
 * link inside it opens no section of teasers.
 */

/** Limits of what makes a group of sibling blocks a listing's items. */
export interface ListingItemLimits {
  /** At least this many look-alike siblings… */
  minItems: number;
  /** …together holding at least this share of the content's text… */
  minShare: number;
  /** …or this share on a story page, where a smaller group is the teasers beside the story… */
  storyShare: number;
  /** …unless the story page holds this many characters of paragraphs beside them: then they are
   * the story's comments or teasers, no listing's items… */
  storyProse: number;
  /** …and off a story page, that much prose beside them asks this share of them (as on a story
   * page, it makes them a story's teasers more likely than a listing's items)… */
  proseShare: number;
  /** …with at least this share of them linking to another page… */
  linkedShare: number;
  /** …by a link that starts within this many characters of the item's text (its picture or title
   * leads to the page; a story's paragraphs hold their links further in); infinite: any link. */
  leadLinkWithin: number;
}

/**
 * The limits measured by `bench/reader-folds.ts --variants lists` and `listsLead`: without the prose
 * and lead-link tests a story's teasers were taken for a listing's items on trafilatura's pages.
 */
export const LISTING_ITEM_LIMITS: ListingItemLimits = {
  minItems: 4,
  minShare: 0.3,
  storyShare: 0.6,
  storyProse: 300,
  proseShare: 0.6,
  linkedShare: 0.6,
  leadLinkWithin: 80,
};

/** Blocks shorter than this are a grid's spacers or separators, not items. */
const ITEM_MIN_LENGTH = 20;

/**
 * The look of a block: its tag and its first class name without digits, so that a blog's
 * `post-123` and `post-456` look alike; their further class names (tags, categories) vary by item.
 */
function lookOf(element: Element): string {
  const first = (element.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? '';
  return `${tagOf(element)}.${first.replace(/\d+/g, '')}`;
}

/** Tags of the blocks an item is built of (a title, a summary, a picture): a paragraph holds none. */
const BLOCK_TAGS = new Set([
  'div',
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'figure',
  'header',
  'section',
]);

/** Whether a block is built of blocks of its own, as a card is (a paragraph of a story is not). */
function holdsBlocks(element: Element): boolean {
  return childElementsOf(element).some((child) => BLOCK_TAGS.has(tagOf(child)));
}

/** Whether a block holds a link to another page (not an anchor on this one). */
function linksElsewhere(element: Element): boolean {
  if (tagOf(element) === 'a' && leadsElsewhere(element.getAttribute('href'))) return true;
  return element.querySelectorAll('a[href]').some((link) => leadsElsewhere(link.getAttribute('href')));
}

/**
 * Whether a block's first link to another page starts within `within` characters (spaces aside)
 * of its text, read in document order; the walk stops there, so it reads no more of the block.
 */
function leadsWithLink(element: Element, within: number): boolean {
  let before = 0;
  let node: Node | null = element;
  while (node) {
    if (isElement(node) && tagOf(node) === 'a' && leadsElsewhere(node.getAttribute('href'))) return true;
    if (isText(node)) {
      before += node.data.replace(SPACE_RUNS, '').length;
      if (before > within) return false;
    }
    // The next node in document order that is under `element`.
    if (node.firstChild) node = node.firstChild;
    else {
      while (node && node !== element && !node.nextSibling) node = node.parentNode;
      node = node && node !== element ? node.nextSibling : null;
    }
  }
  return false;
}

/**
 * The listing items under `root` (one of the chosen blocks, which together hold `contentLength`
 * characters), from one walk over its elements: each element's children are
 * grouped by look, and each group is weighed once, so the work stays linear in the content's size.
 */
export function listingItemsOf(
  root: Element,
  stats: Map<Element, ElementStats>,
  {
    limits,
    contentLength,
    story,
    minShare = story ? limits.storyShare : limits.minShare,
  }: { limits: ListingItemLimits; contentLength: number; story?: boolean; minShare?: number },
): Set<Element> {
  const items = new Set<Element>();
  // The share is of all the chosen content: a box of teasers chosen beside a story is its own block.
  const total = contentLength;
  if (total === 0) return items;
  // A stack rather than recursion: a hostile page nests blocks thousands deep.
  const stack: Element[] = [root];
  for (let element = stack.pop(); element; element = stack.pop()) {
    // A block holding less than the share holds no group that does, nor do the blocks under it.
    if ((stats.get(element)?.textLength ?? 0) < total * minShare) continue;
    const children = childElementsOf(element);
    const groups = new Map<string, Element[]>();
    for (const child of children.length < limits.minItems ? [] : children) {
      if ((stats.get(child)?.textLength ?? 0) < ITEM_MIN_LENGTH) continue;
      const look = lookOf(child);
      const group = groups.get(look);
      if (group) group.push(child);
      else groups.set(look, [child]);
    }
    for (const group of groups.values()) {
      if (group.length < limits.minItems) continue;
      const length = group.reduce((sum, item) => sum + (stats.get(item)?.textLength ?? 0), 0);
      if (length < total * minShare) continue;
      const linked = group.filter((item) =>
        Number.isFinite(limits.leadLinkWithin)
          ? leadsWithLink(item, limits.leadLinkWithin)
          : linksElsewhere(item),
      ).length;
      if (linked < group.length * limits.linkedShare) continue;
      // Items are cards (blocks of blocks) whose headings, if any, lead to their own pages.
      if (!group.every(holdsBlocks) || group.some(hasOwnHeading)) continue;
      for (const item of group) items.add(item);
    }
    // One by one: a hostile page may give a block more children than a call takes arguments.
    for (const child of children) stack.push(child);
  }
  return items;
}

/** Characters of paragraph text outside links and outside the items: a story's prose beside them. */
function proseOutside(root: Element, items: Set<Element>, stats: Map<Element, ElementStats>): number {
  let prose = 0;
  const stack: Element[] = [root];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (items.has(element)) continue;
    if (tagOf(element) === 'p') {
      const measured = stats.get(element);
      prose += (measured?.textLength ?? 0) - (measured?.linkTextLength ?? 0);
      continue;
    }
    for (const child of childElementsOf(element)) stack.push(child);
  }
  return prose;
}

/**
 * Each chosen block's listing items, the blocks given with their measures (`stats`); a block
 * without items has no entry, and `limits: false` finds none. The share is of all the chosen
 * content: a box of teasers chosen beside a story is a block of its own.
 */
export function listingItemsIn(
  statsOf: Map<Element, Map<Element, ElementStats>>,
  { limits, story }: { limits: ListingItemLimits | false; story: boolean },
): Map<Element, Set<Element>> {
  if (!limits) return new Map();
  let contentLength = 0;
  for (const [root, stats] of statsOf) contentLength += stats.get(root)?.textLength ?? 0;
  const itemsAt = (minShare: number) => {
    const byRoot = new Map<Element, Set<Element>>();
    for (const [root, stats] of statsOf) {
      const items = listingItemsOf(root, stats, { limits, contentLength, minShare });
      if (items.size > 0) byRoot.set(root, items);
    }
    return byRoot;
  };
  const found = itemsAt(story ? limits.storyShare : limits.minShare);
  if (found.size === 0 || (!story && limits.proseShare <= limits.minShare)) return found;
  // Paragraphs of prose beside the look-alike blocks are a story: on a story page the blocks are
  // its comments or teasers (without such prose the metadata calls a listing a story), and off
  // one they must hold more of the content to be the page's listing.
  let prose = 0;
  for (const [root, items] of found) prose += proseOutside(root, items, statsOf.get(root) ?? new Map());
  if (prose < limits.storyProse) return found;
  return story ? new Map() : itemsAt(limits.proseShare);
}
