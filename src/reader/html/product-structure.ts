import { descendantsOf, HEADING_TAGS, isText, largestGroupBy, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { headingLevelOf } from './sections.js';
import { posterSelector, postKindOf, timeSelector } from './thread-posts.js';
import type { Element } from './tree/index.js';

/**
 * How the reader tells a product page and its extras. `page`: beyond a page's own declaration
 * (schema.org `Product`, `og:type` product), `'words'` also takes a page with a buy button or a few
 * ("Add to cart"…), `'structure'` one whose markup shows it sells one item, `false` none. `extras`:
 * which headed sections of a product page go, `'structure'` those whose items are reviews,
 * customers' questions or other products (a list of products keeps its products), `false` none (the
 * carousels of three prices or more go either way). The phrase list of such sections' headings
 * ("Reviews", "Customers also bought"…) that `'structure'` replaced held out no better (2026-12-03).
 */
export interface ProductStructure {
  page: 'words' | 'structure' | false;
  extras: 'structure' | false;
  /** With `extras: 'structure'`, the share of a section's text its extra items must hold for it to go. */
  extraShare: number;
}

/**
 * What the reader ships (2026-12-03, `--variants product3`): extras by structure at a quarter of a
 * section's text, which held out by site as well as the heading phrases (WCXB 0.880 ± 0.014 either
 * way, trafilatura 0.953 ± 0.008 either way); a product page still told by its buy button's words,
 * which structure did not match (Amazon's buy box posts no priced form).
 */
export const PRODUCT_STRUCTURE: ProductStructure = { page: 'words', extras: 'structure', extraShare: 0.25 };

/** What an element holds, as bits: a rating, a poster's name, a date, a link, a picture. */
const RATING = 1;
const POSTER = 2;
const TIME = 4;
const LINK = 8;
const PICTURE = 16;
/** Whether an element holds text at all (for the stars' row, which holds none). */
const TEXT = 32;

/** A rating out of five as a label or a short text states it: `4.5 out of 5`, `4/5`, `4,5 von 5`. */
const outOfFive =
  /(?:^|[^\d.,])[0-5](?:[.,]\d{1,2})?\s*(?:\/|[^\d\s]{1,8}(?:\s[^\d\s]{1,8})?)\s*5(?:[.,]0)?(?!\d)/;
/** Text this short may be a rating's words alone. */
const RATING_TEXT_MAX = 40;

/** A price in the common currency notations: `$7.98`, `€ 99,90`, `99,90€`, `GBP 12.00`. */
export const pricePattern =
  /(?:[$€£¥]|\b(?:USD|EUR|GBP|CAD|AUD)\b)\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|\b(?:EUR|USD|kr|zł)\b)/g;
/** Whether a text holds a price (`pricePattern` without the global flag, which keeps a position between tests). */
export const holdsPrice = new RegExp(pricePattern.source);

function ownMarksOf(element: Element): number {
  let marks = 0;
  const itemProp = element.getAttribute('itemprop') ?? '';
  if (/^(ratingValue|reviewRating|aggregateRating|review)$/.test(itemProp)) marks |= RATING;
  else if (/schema\.org\/(Review|Rating|AggregateRating)$/.test(element.getAttribute('itemtype') ?? ''))
    marks |= RATING;
  else if (element.hasAttribute('data-rating') || element.hasAttribute('data-score')) marks |= RATING;
  else {
    const label = `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''} ${element.getAttribute('alt') ?? ''}`;
    if (label.length > 2 && outOfFive.test(label)) marks |= RATING;
  }
  if (element.matches(posterSelector)) marks |= POSTER;
  if (element.matches(timeSelector)) marks |= TIME;
  const tag = tagOf(element);
  if (tag === 'a' && !(element.getAttribute('href') ?? '#').trim().startsWith('#')) marks |= LINK;
  if (tag === 'img' || tag === 'picture') marks |= PICTURE;
  return marks;
}

/** Tags a rating's icons are drawn with. */
const iconTags = new Set(['svg', 'i', 'span', 'img', 'div']);

/** A row of five look-alike icons without text or links: a rating's stars. */
function isStarRow(element: Element, marks: Map<Element, number>): boolean {
  const children = element.children;
  if (children.length < 5 || children.length > 6) return false;
  const icons = largestGroupBy(
    children.filter((child) => iconTags.has(tagOf(child)) && ((marks.get(child) ?? 0) & (TEXT | LINK)) === 0),
    (child) => signatureOf(child),
  );
  return icons.length === 5;
}

/**
 * What each element under `root` holds, as bits (a rating, a poster, a date, a link, a picture),
 * learned in one walk from the leaves up. Read before cleaning: a rating's stars and screen-reader
 * words, a review's date, are what cleaning takes first.
 */
export function itemMarksOf(root: Element): Map<Element, number> {
  const marks = new Map<Element, number>();
  const elements = [root, ...descendantsOf(root)];
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    let held = ownMarksOf(element);
    let ownText = '';
    for (const node of element.childNodes) {
      if (isText(node)) ownText += node.data;
      else held |= marks.get(node as Element) ?? 0;
    }
    if (ownText.trim() !== '') held |= TEXT;
    if (isStarRow(element, marks)) held |= RATING;
    // A short text of its own reading "4.5 out of 5 stars" is a rating.
    const own = ownText.trim();
    if (own.length > 2 && own.length <= RATING_TEXT_MAX && outOfFive.test(own)) held |= RATING;
    marks.set(element, held);
  }
  return marks;
}

/** What the items of a cleaned page hold: their marks (read before cleaning) and text lengths. */
export class ItemFacts {
  readonly #marks: Map<Element, number>;
  readonly #length = new Map<Element, number>();

  constructor(root: Element, marks: Map<Element, number>) {
    this.#marks = marks;
    const elements = [root, ...descendantsOf(root)];
    for (let index = elements.length - 1; index >= 0; index--) {
      const element = elements[index]!;
      let length = 0;
      for (const node of element.childNodes)
        length += isText(node) ? node.data.trim().length : (this.#length.get(node as Element) ?? 0);
      this.#length.set(element, length);
    }
  }

  has(element: Element, mark: number): boolean {
    return ((this.#marks.get(element) ?? 0) & mark) === mark;
  }

  lengthOf(element: Element): number {
    return this.#length.get(element) ?? 0;
  }
}

/** How many items of a group must be extras, at least, for the group to be a list of extras. */
const MIN_EXTRA_ITEMS = 2;
/** An item longer than this is read for a price only by its own shape (a review, not a card). */
const CARD_TEXT_MAX = 1500;
/** How many headings may be judged by their sections (each section is walked once). */
const MAX_JUDGED_HEADINGS = 50;

/** The look-alike children of `parent` (same tag and first class, holding text), by kind. */
function childGroupsOf(parent: Element, facts: ItemFacts): Element[][] {
  const groups = new Map<string, Element[]>();
  for (const child of parent.children) {
    if (facts.lengthOf(child) === 0) continue;
    const kind = postKindOf(child);
    const group = groups.get(kind);
    if (group) group.push(child);
    else groups.set(kind, [child]);
  }
  return [...groups.values()].filter((group) => group.length >= MIN_EXTRA_ITEMS);
}

/** The items of a group that are extras, when two or more and most of them are; else none. */
function extraItemsOf(group: readonly Element[], facts: ItemFacts, products: boolean): Element[] {
  const extras = group.filter((item) => isExtraItem(item, facts, products));
  return extras.length >= MIN_EXTRA_ITEMS && extras.length * 2 > group.length ? extras : [];
}

/**
 * The headings that may open a section of extras, in document order: those the outline sets
 * above a list of extra items. One walk; only these headings' sections are judged.
 */
export function extraHeadingsOf(root: Element, facts: ItemFacts, products = true): Element[] {
  const candidates = new Set<Element>();
  // The headings in force at each point of the walk, one per level (h1–h6, or an ARIA level).
  const outline: Element[] = [];
  // A list's first extra item: the outline when the walk reaches it holds the list's own heading.
  const firstItems = new Set<Element>();
  for (const element of descendantsOf(root)) {
    if (HEADING_TAGS.has(tagOf(element)) || element.getAttribute('role') === 'heading') {
      const level = Math.min(Math.max(headingLevelOf(element), 1), 6);
      outline.length = Math.min(outline.length, level - 1);
      outline[level - 1] = element;
      continue;
    }
    if (firstItems.has(element)) {
      for (const heading of outline) if (heading) candidates.add(heading);
      if (candidates.size >= MAX_JUDGED_HEADINGS) break;
    }
    if (element.children.length < MIN_EXTRA_ITEMS) continue;
    for (const group of childGroupsOf(element, facts)) {
      const first = extraItemsOf(group, facts, products)[0];
      if (first) firstItems.add(first);
    }
  }
  return [...candidates];
}

/**
 * How much of a section's text its extra items hold: items that are reviews, questions or other
 * products among look-alike siblings (two at least, holding text); an item inside one is not counted again.
 */
function extraLengthOf(section: readonly Element[], facts: ItemFacts, products: boolean): number {
  let extra = 0;
  const counted = new Set<Element>();
  for (const top of section)
    for (const parent of [top, ...descendantsOf(top)]) {
      const above = parent.parentElement;
      if (above && counted.has(above)) {
        counted.add(parent);
        continue;
      }
      for (const group of childGroupsOf(parent, facts))
        for (const item of extraItemsOf(group, facts, products)) {
          extra += facts.lengthOf(item);
          counted.add(item);
        }
    }
  return extra;
}

/** A question opening an item: its first sentence ends with a question mark. */
const opensWithQuestion = /^[^.!?]{3,300}\?/;

/** Whether an item is a review, a customer's question or (`products`) another product. */
function isExtraItem(item: Element, facts: ItemFacts, products = true): boolean {
  const short = facts.lengthOf(item) <= CARD_TEXT_MAX;
  const text = short ? item.textContent : '';
  const priced = short && holdsPrice.test(text);
  if (facts.has(item, LINK | PICTURE) && (priced || facts.has(item, RATING))) return products;
  if (priced) return false;
  if (facts.has(item, RATING) || facts.has(item, POSTER | TIME)) return true;
  // A customer's question names its poster or its date; a shop's own questions (its FAQ) do not.
  return (facts.has(item, POSTER) || facts.has(item, TIME)) && short && opensWithQuestion.test(text.trim());
}

/** Whether a headed section sets out reviews, questions or other products: they hold `share` of its text or more. */
export function isExtraSection(
  section: readonly Element[],
  facts: ItemFacts,
  { products = true, share = 0.5 }: { products?: boolean; share?: number } = {},
): boolean {
  const total = section.reduce((sum, element) => sum + facts.lengthOf(element), 0);
  return total > 0 && extraLengthOf(section, facts, products) >= total * share;
}
