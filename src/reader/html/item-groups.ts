import { classShapeOf } from './class-shape.js';
import { isElement, tagOf } from './dom.js';
import { measure } from './stats.js';
import type { Element } from './tree/index.js';
import { leadsElsewhere } from './urls.js';

/**
 * A listing's items (teaser cards, product tiles, search results) are blocks of one shape repeated
 * down the page: the same tag and class on themselves and on their parent and grandparent. One card
 * is small beside the page, and a card whose class happens to hold a boilerplate word (`…-ad`,
 * `promo-tile`) or that a theme marks `aria-hidden` (a teaser's summary repeating its link) would go
 * when judged alone; judged with its look-alikes, the cards are the page.
 */

/** At least this many look-alike blocks make a group… */
const ITEM_GROUP_MIN_COUNT = 4;
/** …holding on average this many characters each: items with a title and a summary or price, not
 * a menu's one-word entries. */
const ITEM_GROUP_MIN_AVERAGE = 80;

/** Items link to their own page (a story, a product) with a link or two; a menu's column holds many. */
const ITEM_GROUP_MAX_LINKS = 6;

/** How many levels of ancestors a block's shape takes in (itself, its parent and grandparent). */
const SHAPE_LEVELS = 3;

/** The page's groups of look-alike blocks, each with its outermost members' text length. */
export interface ItemGroups {
  /** Characters of text in all blocks of `element`'s shape (0 when it has too few look-alikes or
   * they are too short to be items). */
  groupLengthOf(element: Element): number;
}

/**
 * Reads the page's look-alike groups lazily: nothing is measured until a block is asked about. One
 * pass over the page measures every element and sorts them by shape; nested blocks of one shape
 * count once (their outermost member), so a hostile page of one `div` nested a thousand times is
 * one member, and the work stays linear in the page's size.
 */
export function itemGroupsOf(root: Element, shaped = false): ItemGroups {
  let lengths: Map<string, number> | undefined;
  const shapes = new Map<Element, string>();
  const shapeOf = (element: Element): string => {
    const known = shapes.get(element);
    if (known !== undefined) return known;
    const parts: string[] = [];
    let current: Element | null = element;
    for (let level = 0; level < SHAPE_LEVELS && current; level++) {
      parts.push(
        `${tagOf(current)}.${shaped ? classShapeOf(current) : (current.getAttribute('class') ?? '').trim()}`,
      );
      current = current.parentElement;
    }
    const shape = parts.join('<');
    shapes.set(element, shape);
    return shape;
  };
  const read = (): Map<string, number> => {
    const stats = measure(root);
    const totals = new Map<string, { count: number; length: number; links: number; linked: number }>();
    const open = new Map<string, number>();
    // Returns how many links to other pages the element holds.
    const visit = (element: Element): number => {
      const shape = shapeOf(element);
      const depth = open.get(shape) ?? 0;
      open.set(shape, depth + 1);
      let links = tagOf(element) === 'a' && leadsElsewhere(element.getAttribute('href')) ? 1 : 0;
      for (let child = element.firstChild; child !== null; child = child.nextSibling)
        if (isElement(child)) links += visit(child);
      open.set(shape, depth);
      if (depth === 0) {
        const total = totals.get(shape) ?? { count: 0, length: 0, links: 0, linked: 0 };
        total.count += 1;
        total.length += stats.get(element)?.textLength ?? 0;
        total.links += links;
        if (links > 0) total.linked += 1;
        totals.set(shape, total);
      }
      return links;
    };
    for (const child of root.children) visit(child);
    const result = new Map<string, number>();
    for (const [shape, { count, length, links, linked }] of totals) {
      if (count < ITEM_GROUP_MIN_COUNT || length < count * ITEM_GROUP_MIN_AVERAGE) continue;
      // Most items link to their own page, each with a few links at most.
      if (linked * 2 < count || links > count * ITEM_GROUP_MAX_LINKS) continue;
      result.set(shape, length);
    }
    return result;
  };
  return {
    groupLengthOf(element) {
      lengths ??= read();
      return lengths.get(shapeOf(element)) ?? 0;
    },
  };
}
