import { descendantsOf, tagOf } from './dom.js';
import { type ElementStats, linkDensityOf, proseLength } from './stats.js';
import { postKindOf } from './thread-posts.js';
import type { Element } from './tree/index.js';

/** Limits of the descent from a chosen block into the child that holds its prose (see `proseChildOf`). */
export interface ProseChildLimits {
  /** The child holds at least this share of the chosen block's prose letters. */
  proseShare: number;
  /** What the child leaves out of its parent has at least this share of its text in links… */
  outsideLinkShare: number;
  /** …and at most this share of the child's text: a listing's links outweigh its introduction. */
  outsideShare: number;
}

/** The limits the reader uses (see `ProseChildLimits`). */
export const PROSE_CHILD_LIMITS: ProseChildLimits = {
  proseShare: 0.9,
  outsideLinkShare: 0.7,
  outsideShare: 0.5,
};

/** A paragraph with at least this many characters outside links, at most half of it in links, is prose. */
const PROSE_CHARACTERS = 80;
const PROSE_MAX_LINK_SHARE = 0.5;

/** Blocks whose own text is a paragraph of the page (the innermost one counts). */
const paragraphTags = new Set(['p', 'li', 'td', 'pre', 'blockquote', 'dd']);

/**
 * The chosen block narrowed to the child that holds its prose, level by level, while all that child
 * leaves out of its parent is links: a page wrapper whose only prose is one column, beside menus,
 * teaser lists and link footers, is that column. The descent stops at a child that is one of
 * several look-alike siblings (an item among items, a post among posts: their parent is the
 * content), and where what it leaves out reads as text (a headline, a standfirst, a table or list
 * of the story's own), which belongs with the prose. Linear: prose letters are summed in one walk
 * from the leaves up.
 */
export function proseChildOf(
  block: Element,
  stats: Map<Element, ElementStats>,
  limits: ProseChildLimits = PROSE_CHILD_LIMITS,
): Element {
  const prose = proseLettersUnder(block, stats);
  const total = prose.get(block) ?? 0;
  if (total === 0) return block;
  let current = block;
  for (;;) {
    let child: Element | undefined;
    let letters = 0;
    for (const candidate of current.children) {
      const own = prose.get(candidate) ?? 0;
      if (own > letters) {
        child = candidate;
        letters = own;
      }
    }
    if (!child || letters < total * limits.proseShare || hasLookAlikeSibling(child, stats)) break;
    const parentStats = stats.get(current);
    const childStats = stats.get(child);
    if (!parentStats || !childStats) break;
    const outsideText = parentStats.textLength - childStats.textLength;
    const outsideLinks = parentStats.linkTextLength - childStats.linkTextLength;
    if (outsideText > 0 && outsideLinks < outsideText * limits.outsideLinkShare) break;
    if (outsideText > childStats.textLength * limits.outsideShare) break;
    current = child;
  }
  return current;
}

/**
 * Characters of prose paragraphs under each element of the block (those with none are absent):
 * each innermost paragraph block with enough text outside links adds its text to its ancestors.
 */
function proseLettersUnder(block: Element, stats: Map<Element, ElementStats>): Map<Element, number> {
  const prose = new Map<Element, number>();
  const elements = [block, ...descendantsOf(block)];
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    let letters = prose.get(element) ?? 0;
    if (letters === 0 && paragraphTags.has(tagOf(element))) {
      const measured = stats.get(element);
      if (
        measured &&
        proseLength(measured) >= PROSE_CHARACTERS &&
        linkDensityOf(measured) <= PROSE_MAX_LINK_SHARE
      ) {
        letters = measured.textLength;
        prose.set(element, letters);
      }
    }
    const parent = element.parentElement;
    if (letters > 0 && parent && element !== block) prose.set(parent, (prose.get(parent) ?? 0) + letters);
  }
  return prose;
}

/** Whether a sibling has the element's tag and first class token, and some text: items of one kind. */
function hasLookAlikeSibling(element: Element, stats: Map<Element, ElementStats>): boolean {
  const signature = postKindOf(element);
  for (const sibling of element.parentElement?.children ?? [])
    if (
      sibling !== element &&
      postKindOf(sibling) === signature &&
      (stats.get(sibling)?.textLength ?? 0) > 20
    )
      return true;
  return false;
}
