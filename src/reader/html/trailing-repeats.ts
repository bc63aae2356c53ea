import {
  childElementsOf,
  descendantsOf,
  largestGroupBy,
  linksElsewhere,
  normalizedLengthOf,
  tagOf,
} from './dom.js';
import { signatureOf, textLengthOf, textOffsetsOf, walkedTextLength } from './prune-blocks.js';
import { wordCharacters } from './runs.js';
import { hasOwnHeading } from './sections.js';
import type { Element, Node } from './tree/index.js';

/** Which runs of look-alike blocks after a story `dropTrailingRepeats` takes for teasers. */
export interface TrailingRepeatLimits {
  /** At least this many look-alike blocks make a run. */
  minItems: number;
  /**
   * A block holding no block of its own (an `li` of a link and a `small`) is a teaser when it links
   * elsewhere with at least this many letters and digits outside its links; `false`: it is not.
   */
  summaryLetters: number | false;
}

/** The limits before 2026-12-03: runs of four, of blocks holding blocks only. */
export const BLOCK_TEASER_RUNS: TrailingRepeatLimits = { minItems: 4, summaryLetters: false };

/** What the reader ships: blocks of a link and a summary count too (`reader-folds.ts --variants wide`). */
export const TEASER_RUNS: TrailingRepeatLimits = { minItems: 4, summaryLetters: 80 };
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
export function dropTrailingRepeats(
  content: Element[],
  limits: TrailingRepeatLimits = BLOCK_TEASER_RUNS,
  shaped = false,
): void {
  // Removing the last run (a rail of blurbs) makes the one before it (related cards) trailing.
  for (let round = 0; round < MAX_TRAILING_RUNS && dropLastRepeats(content, limits, shaped); round++);
}

/** Runs of look-alike blocks removed from the end of one story at most. */
const MAX_TRAILING_RUNS = 4;

/** Removes the trailing runs of look-alike blocks found in one sweep; whether any went. */
function dropLastRepeats(content: Element[], limits: TrailingRepeatLimits, shaped: boolean): boolean {
  let removed = false;
  // Items are removed from a container after its own children were asked, and the containers after
  // it are not above it: the answers kept stay the tree's for the whole sweep.
  const holdsItemBlock = itemBlockFinder();
  const lengths = content.map((root) => normalizedLengthOf(root));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  content.forEach((root, index) => {
    const earlier = lengths.slice(0, index).reduce((sum, length) => sum + length, 0);
    // Where each block starts, measured once (a walk per removal is quadratic); removals taken off.
    let offsets: Map<Node, number> | undefined;
    const removedSpans: { start: number; length: number }[] = [];
    // The containers inside removed items: asking each container whether the root still holds it
    // climbed hundreds of levels for each of thousands on a deep page.
    const gone = new Set<Element>();
    for (const container of [root, ...root.querySelectorAll('div, section, ul, ol, aside')]) {
      if (gone.has(container)) continue;
      const items = largestLookAlikeGroup(container, { ...limits, shaped, holdsItemBlock });
      if (items.length < limits.minItems || container.querySelector('h1')) continue;
      const containerText = normalizedLengthOf(container);
      if (textLengthOf(items) < containerText * 0.8) continue;
      offsets ??= textOffsetsOf(root);
      const start = offsets.get(items[0]!) ?? 0;
      let removedAhead = 0;
      for (const span of removedSpans) if (span.start < start) removedAhead += span.length;
      const before = earlier + start - removedAhead;
      const after = total - before - containerText;
      if (before < STORY_MIN_TEXT || after > before * STORY_AFTER_SHARE) continue;
      const linked = items.filter((item) => linksElsewhere(item).length > 0).length;
      if (linked < items.length * LINKED_ITEM_SHARE || items.some(hasOwnHeading)) continue;
      if (medianLength(items) > REPEAT_ITEM_MAX_LENGTH) continue;
      for (const item of items) {
        removedSpans.push({ start: offsets.get(item) ?? 0, length: walkedTextLength(item) });
        gone.add(item);
        for (const inside of descendantsOf(item)) gone.add(inside);
        item.remove();
      }
      removed = true;
    }
  });
  return removed;
}

/** The tags of a block that may be an item of a run (a paragraph, a heading or a box). */
const itemBlockTags = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'div']);

/**
 * Whether an element holds one of `itemBlockTags` below it (`querySelector('p, h2, …, div')`), each
 * element's answer kept: asked of every container's children, a chain of lists nested hundreds deep
 * was walked once a level.
 */
function itemBlockFinder(): (element: Element) => boolean {
  const holds = new Map<Element, boolean>();
  const holdsItemBlock = (element: Element): boolean => {
    const known = holds.get(element);
    if (known !== undefined) return known;
    let found = false;
    for (const child of childElementsOf(element)) {
      found = itemBlockTags.has(tagOf(child)) || holdsItemBlock(child);
      if (found) break;
    }
    holds.set(element, found);
    return found;
  };
  return holdsItemBlock;
}

/** How `largestLookAlikeGroup` tells items: the limits' summary letters, class shape, the kept answers. */
interface GroupOptions {
  summaryLetters: number | false;
  shaped: boolean;
  holdsItemBlock: (element: Element) => boolean;
}

/** The children of `container` sharing the commonest tag and class, holding blocks (or a link and a summary). */
function largestLookAlikeGroup(container: Element, options: GroupOptions): Element[] {
  const blocks = childElementsOf(container).filter(
    (child) => options.holdsItemBlock(child) || isLinkWithSummary(child, options.summaryLetters),
  );
  return largestGroupBy(blocks, (child) => signatureOf(child, options.shaped));
}

/** Whether a block links elsewhere and has at least `summaryLetters` letters and digits outside its links. */
function isLinkWithSummary(element: Element, summaryLetters: number | false): boolean {
  if (summaryLetters === false) return false;
  const links = linksElsewhere(element);
  if (links.length === 0) return false;
  const linked = links.reduce((sum, link) => sum + wordCharacters(link.textContent), 0);
  return wordCharacters(element.textContent) - linked >= summaryLetters;
}

/** The median text length of the blocks. */
function medianLength(elements: Element[]): number {
  const lengths = elements.map((element) => normalizedLengthOf(element)).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)] ?? 0;
}
