import { childElementsOf, largestGroupBy, linksElsewhere } from './dom.js';
import { hasOwnHeading } from './sections.js';
import { type ElementStats, linkDensityOf, proseLength } from './stats.js';
import { postKindOf } from './thread-posts.js';
import type { Element } from './tree/index.js';

/**
 * The look-alike blocks choosing the content reads (`select.ts`): the items of a thread or teaser
 * list that a story comes before, and the posts or items whose container is the content.
 */

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
 * thread (not holding it), and it holds the page's headline (its first `<h1>`) or, with
 * `belowHeadline`, follows it in an `<article>` that does not hold the thread (see
 * `followsInOwnArticle`); it is not widened: its parent holds the thread or what stands between
 * them.
 */
export function storyBefore(
  top: Element,
  root: Element,
  scores: Map<Element, number>,
  stats: Map<Element, ElementStats>,
  { shaped, belowHeadline }: { shaped: boolean; belowHeadline: boolean },
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
  // The story holds the page's headline or follows it in an `<article>` of its own; a thread holding
  // the headline is the page's own content.
  const headline = root.querySelector('h1');
  if (!best || !headline) return undefined;
  if (!best.contains(headline) && !(belowHeadline && followsInOwnArticle(headline, best, top)))
    return undefined;
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
  const blocks = childElementsOf(block).filter(
    (child) => (stats.get(child)?.textLength ?? 0) > 20 && child.querySelector('p, h2, h3, h4, h5, h6, div'),
  );
  const items = largestGroupBy(blocks, (child) => postKindOf(child, shaped));
  if (items.length < THREAD_MIN_ITEMS) return false;
  const linked = items.filter((item) => linksElsewhere(item).length > 0).length;
  // Items with headings of their own (not links) are a story's sections: a round-up, an FAQ.
  if (linked < items.length * THREAD_LINKED_SHARE || items.some(hasOwnHeading)) return false;
  const lengths = items.map((item) => stats.get(item)?.textLength ?? 0).sort((a, b) => a - b);
  const itemsLength = lengths.reduce((sum, length) => sum + length, 0);
  return (
    itemsLength >= (stats.get(block)?.textLength ?? 0) * THREAD_ITEMS_SHARE &&
    lengths[Math.floor(lengths.length / 2)]! <= THREAD_ITEM_MAX_LENGTH
  );
}

/**
 * Whether the element is one of several look-alike siblings (same tag and class) that together hold
 * more text than it: a post of a thread, an item of a listing. Their parent is then the content.
 */
export function isRepeatedItem(
  element: Element,
  stats: Map<Element, ElementStats>,
  minimum: number,
  shaped: boolean,
): boolean {
  const parent = element.parentElement;
  if (!parent) return false;
  const signature = postKindOf(element, shaped);
  const alike = childElementsOf(parent).filter(
    (sibling) => postKindOf(sibling, shaped) === signature && (stats.get(sibling)?.textLength ?? 0) > 20,
  );
  if (alike.length < minimum) return false;
  const total = alike.reduce((sum, sibling) => sum + (stats.get(sibling)?.textLength ?? 0), 0);
  return total > (stats.get(element)?.textLength ?? 0) * 2;
}

/**
 * When the chosen block sits inside one of several look-alike blocks (a post among posts, an item
 * among items), returns the container of them all; the highest such container within a few levels.
 */
export function repeatedContainerOf(
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

/**
 * Whether the story follows its headline inside an `<article>` of its own that does not hold the
 * thread: the page marks where its story ends, and the list stands past it. A list inside the
 * story's `<article>`, or beside a story no `<article>` marks, is left to the rule that the story
 * holds the headline: a listicle's slides, a guide's venues are its story's.
 */
function followsInOwnArticle(headline: Element, story: Element, thread: Element): boolean {
  // DOCUMENT_POSITION_FOLLOWING: the story comes after the headline.
  if (!(headline.compareDocumentPosition(story) & 4)) return false;
  const own = story.closest('article');
  return own !== null && !own.contains(thread);
}
