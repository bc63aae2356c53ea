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
function textOffsetsOf(root: Element): Map<Node, number> {
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
function textLengthOf(elements: Iterable<Element>): number {
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
    const line = normalizeSpace(text);
    if (childElementsOf(element).some((child) => normalizeSpace(facts.textOf(child)) === line)) continue;
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

/** Look-alike blocks after a story: at least this many of them. */
const TRAILING_REPEAT_MIN = 4;
/** The story before them holds at least this many characters. */
const STORY_MIN_TEXT = 400;
/** Text after the look-alike blocks beyond this share of the story's means the story goes on. */
const STORY_AFTER_SHARE = 0.2;
/** Teasers and comments are short: a story's own items (reviews of a round-up) are longer than this. */
const REPEAT_ITEM_MAX_LENGTH = 400;
/** At least this share of the blocks link elsewhere: teasers, and comments with their authors. */
const LINKED_ITEM_SHARE = 0.6;

/**
 * Removes a run of look-alike blocks that follows an article's story — a comment thread, a
 * "latest" list, related-story cards — whatever their headings say: a container whose children are
 * mostly short blocks of one tag and class, each holding a paragraph or heading and most linking elsewhere,
 * after the story and with little of it after them. A list of plain items (the story's own bullet
 * points) and blocks with headings of their own (the story's sections, an FAQ) stay.
 */
export function dropTrailingRepeats(content: Element[], shaped = false): void {
  // Removing the last run (a rail of blurbs) makes the one before it (related cards) trailing.
  for (let round = 0; round < MAX_TRAILING_RUNS && dropLastRepeats(content, shaped); round++);
}

/** Runs of look-alike blocks removed from the end of one story at most. */
const MAX_TRAILING_RUNS = 4;

/** Removes the trailing runs of look-alike blocks found in one sweep; whether any went. */
function dropLastRepeats(content: Element[], shaped: boolean): boolean {
  let removed = false;
  const lengths = content.map((root) => normalizedLengthOf(root));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  content.forEach((root, index) => {
    const earlier = lengths.slice(0, index).reduce((sum, length) => sum + length, 0);
    // Where each block starts, measured once and again only after a removal.
    let offsets: Map<Node, number> | undefined;
    for (const container of [root, ...root.querySelectorAll('div, section, ul, ol, aside')]) {
      if (container !== root && !root.contains(container)) continue;
      const items = largestLookAlikeGroup(container, shaped);
      if (items.length < TRAILING_REPEAT_MIN || container.querySelector('h1')) continue;
      const containerText = normalizedLengthOf(container);
      if (textLengthOf(items) < containerText * 0.8) continue;
      offsets ??= textOffsetsOf(root);
      const before = earlier + (offsets.get(items[0]!) ?? 0);
      const after = total - before - containerText;
      if (before < STORY_MIN_TEXT || after > before * STORY_AFTER_SHARE) continue;
      const linked = items.filter((item) => linksElsewhere(item)).length;
      if (linked < items.length * LINKED_ITEM_SHARE || items.some(hasOwnHeading)) continue;
      if (medianLength(items) > REPEAT_ITEM_MAX_LENGTH) continue;
      for (const item of items) item.remove();
      offsets = undefined;
      removed = true;
    }
  });
  return removed;
}

/** The children of `container` that share the commonest tag and class and hold blocks of their own. */
function largestLookAlikeGroup(container: Element, shaped: boolean): Element[] {
  const groups = new Map<string, Element[]>();
  for (const child of childElementsOf(container)) {
    if (!child.querySelector('p, h2, h3, h4, h5, h6, div')) continue;
    const signature = signatureOf(child, shaped);
    groups.set(signature, [...(groups.get(signature) ?? []), child]);
  }
  let largest: Element[] = [];
  for (const group of groups.values()) if (group.length > largest.length) largest = group;
  return largest;
}

/** The median text length of the blocks. */
function medianLength(elements: Element[]): number {
  const lengths = elements.map((element) => normalizedLengthOf(element)).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)] ?? 0;
}

/** Whether a block has a heading that is not a link: a section of the story, not a teaser. */
function hasOwnHeading(element: Element): boolean {
  return element
    .querySelectorAll('h2, h3, h4, h5, h6')
    .some((heading) => !heading.closest('a[href]') && !heading.querySelector('a[href]'));
}

/** Whether a block links to another page (not to an anchor on this one). */
function linksElsewhere(element: Element): boolean {
  return element
    .querySelectorAll('a[href]')
    .some((link) => !(link.getAttribute('href') ?? '').trim().startsWith('#'));
}
