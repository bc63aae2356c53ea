import { groupBy } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import type { Element } from './tree/index.js';

/**
 * Headings of a grid of cards: a card that is only a picture and its linked title has nothing
 * after its heading, and the last card of the grid has no next card either, so its title reads as
 * a heading of nothing (`removeEmptySections`). A linked heading written like several others (same
 * tag and class, in a parent of the same tag and class) is an item's name, not an empty section.
 */

/** How many look-alike linked headings make them a grid's item names (see `ReaderSwitches.cardHeadings`). */
export interface CardHeadingLimits {
  /** Linked headings of one shape, this one included, that make a grid's item names. */
  leastLookAlikes: number;
}

/** The shipped limits. */
export const CARD_HEADING_LIMITS: CardHeadingLimits = { leastLookAlikes: 3 };

/** The headings (of `headings`) that are one of at least `leastLookAlikes` look-alike linked headings. */
export function cardHeadingsOf(headings: readonly Element[], limits: CardHeadingLimits): Set<Element> {
  const cards = new Set<Element>();
  for (const group of groupBy(headings.filter(isLinked), shapeOf).values())
    if (group.length >= limits.leastLookAlikes) for (const heading of group) cards.add(heading);
  return cards;
}

/** A heading holding a link or inside one: a card's title leads to its item. */
function isLinked(heading: Element): boolean {
  return heading.querySelector('a[href]') !== null || heading.closest('a[href]') !== null;
}

/** The heading's tag and class, and its parent's: what look-alike cards repeat. */
function shapeOf(heading: Element): string {
  const parent = heading.parentElement;
  return `${signatureOf(heading)} ${parent ? signatureOf(parent) : ''}`;
}
