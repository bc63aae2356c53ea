import { isCaption, isInnerFurniture, isTitledWidgetBlock } from './boilerplate.js';
import { classShapeOf } from './class-shape.js';
import { childElementsOf, isText, normalizedLengthOf, normalizeSpace, tagOf } from './dom.js';
import { SubtreeFacts } from './subtree-facts.js';
import type { Element, Node } from './tree/index.js';

/** Furniture that repeats this often is part of each item of a listing or gallery. */
export const REPEATED_ITEM_COUNT = 3;

/** Captions holding more than this share of the content are a gallery's text. */
export const GALLERY_CAPTION_SHARE = 0.25;

/**
 * Removes figure captions (what a photo shows, and who took it) unless they are much of the
 * content, as in a gallery whose pictures are described by their captions.
 */
export function dropCaptions(root: Element, total: number): void {
  const captions = root.querySelectorAll('figcaption');
  if (textLengthOf(captions) > total * GALLERY_CAPTION_SHARE) return;
  for (const caption of captions) caption.remove();
}

/** A teaser card is a linked headline with a line or two of summary. */
const TEASER_CARD_MAX_LENGTH = 400;
/** Cards holding more than this share of the content are the items of a listing. */
const LISTING_CARD_SHARE = 0.4;

/**
 * Removes teaser cards an article carries for other pages: a block of its own holding a linked
 * headline and a short summary ("Next story", a grid of further reading). An article's own linked
 * headings sit among its paragraphs, not each in a block, and stay; so do the cards when they are
 * much of the content, the items of a listing.
 */
export function dropTeaserCards(root: Element, total: number): void {
  const cards = new Set<Element>();
  const headings = root.querySelectorAll('h2, h3, h4, h5, h6');
  // Measured once for all the headings' blocks: each heading's climb would re-walk them.
  let facts: SubtreeFacts | undefined;
  // The first heading may be the post's own title, linked to its permalink.
  for (const heading of headings.slice(1)) {
    if (!isLinkedHeading(heading)) continue;
    let card: Element = heading;
    for (let parent = heading.parentElement; parent && parent !== root; parent = parent.parentElement) {
      facts ??= new SubtreeFacts(root);
      if (facts.lengthOf(parent) > TEASER_CARD_MAX_LENGTH || facts.headingCountUnder(parent) > 1) break;
      card = parent;
    }
    if (card !== heading && card.parentElement !== null) cards.add(card);
  }
  if (cards.size === 0) return;
  // Teasers follow the article; cards amid the text are its own (a guide's chapters).
  const first = cards.values().next().value as Element;
  if (
    textLengthOf(cards) > total * LISTING_CARD_SHARE ||
    textBefore(root, first) < total * ARTICLE_BEFORE_CARDS
  )
    return;
  for (const card of cards) card.remove();
}

/** Teaser cards come after the article, which holds at least this share of the content. */
const ARTICLE_BEFORE_CARDS = 0.6;

/** Characters of text in `root` before `target` (in document order), whitespace collapsed. */
function textBefore(root: Element, target: Element): number {
  return textOffsetsOf(root).get(target) ?? 0;
}

/**
 * For each node of `root`, the characters of text before it in document order, each text's
 * whitespace collapsed: what `textBefore` tells of one node, for all of them in one walk.
 */
export function textOffsetsOf(root: Element): Map<Node, number> {
  const offsets = new Map<Node, number>();
  let length = 0;
  const walk = (node: Node): void => {
    offsets.set(node, length);
    if (isText(node)) length += normalizedLengthOf(node);
    for (let child = node.firstChild; child !== null; child = child.nextSibling) walk(child);
  };
  walk(root);
  return offsets;
}

/** Characters of text under `node`, counted as `textOffsetsOf` counts them (each text's whitespace collapsed). */
export function walkedTextLength(node: Node): number {
  let length = 0;
  const stack = [node];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (isText(current)) length += normalizedLengthOf(current);
    for (let child = current.firstChild; child !== null; child = child.nextSibling) stack.push(child);
  }
  return length;
}

/** A heading whose text is a link to another page (not an anchor on this one). */
function isLinkedHeading(heading: Element): boolean {
  const text = normalizeSpace(heading.textContent);
  if (text.length < 10) return false;
  const link = heading.closest('a[href]') ?? heading.querySelector('a[href]');
  const href = link?.getAttribute('href') ?? '';
  if (!link || href === '' || href.startsWith('#')) return false;
  return link.contains(heading) || normalizedLengthOf(link) >= text.length * 0.9;
}

/** Characters of text in the captions (by class, outermost only) under `root`. */
export function captionLengthOf(root: Element): number {
  return textLengthOf(
    root
      .querySelectorAll('[class]')
      .filter((element) => isCaption(element) && !hasCaptionAbove(element, root)),
  );
}

/** Characters of text in `elements`, whitespace collapsed. */
export function textLengthOf(elements: Iterable<Element>): number {
  let length = 0;
  for (const element of elements) length += normalizedLengthOf(element);
  return length;
}

function hasCaptionAbove(element: Element, root: Element): boolean {
  for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement)
    if (isCaption(parent)) return true;
  return false;
}

/** Which lines `countLines` counts. */
export interface LineQuery {
  /** The tags of the blocks that may be lines (`p, div, small`). */
  selector: string;
  /** Blocks with more characters of text than this are not lines. */
  maxLength: number;
  /** What a counted line's text (whitespace collapsed) matches. */
  pattern: RegExp;
  /** The texts of the blocks under the root, learned in one walk. */
  facts: SubtreeFacts;
}

/**
 * How many blocks of `root` (of the tags in `selector`, shorter than `maxLength`) have text that
 * `pattern` matches; a block that only wraps another is counted once.
 */
export function countLines(root: Element, { selector, maxLength, pattern, facts }: LineQuery): number {
  let count = 0;
  for (const element of root.querySelectorAll(selector)) {
    const text = facts.textOf(element);
    if (text.length > maxLength) continue;
    const line = facts.lineOf(element);
    if (childElementsOf(element).some((child) => facts.lineOf(child) === line)) continue;
    if (pattern.test(line)) count++;
  }
  return count;
}

/**
 * Tag and class of an element: what repeated items of a listing share. `shaped`: the class's shape
 * (see `class-shape.ts`), without the tokens that say which item it is.
 */
export function signatureOf(element: Element, shaped = false): string {
  return `${tagOf(element)}.${shaped ? classShapeOf(element) : (element.getAttribute('class') ?? '')}`;
}

/**
 * Signatures of furniture-like blocks that repeat (three or more times) in the content: the
 * meta line, caption or widget of each item of a listing or gallery is part of the item.
 */
export function repeatedFurnitureOf(root: Element, discussion: boolean, shaped = false): Set<string> {
  const counts = new Map<string, number>();
  for (const element of root.querySelectorAll('[class]')) {
    if (!isInnerFurniture(element, discussion)) continue;
    // By shape a rail's titled widgets of every kind are alike; they repeat as the rail's, not an item's.
    if (shaped && isTitledWidgetBlock(element)) continue;
    const signature = signatureOf(element, shaped);
    counts.set(signature, (counts.get(signature) ?? 0) + 1);
  }
  return new Set(
    [...counts].filter(([, count]) => count >= REPEATED_ITEM_COUNT).map(([signature]) => signature),
  );
}
