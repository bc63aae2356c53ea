import { type CardHeadingLimits, cardHeadingsOf } from './card-headings.js';
import { childElementsOf, isElement, isText, normalizedLengthOf, tagOf } from './dom.js';
import { teaserSectionHeading } from './furniture-lines.js';
import type { SubtreeFacts } from './subtree-facts.js';
import type { Element, Node } from './tree/index.js';

const headingSelector = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/** The headings under `root`, in document order. */
export function headingsOf(root: Element): Element[] {
  return root.querySelectorAll(headingSelector);
}

/** The heading's level: 1–6 for `<h1>`–`<h6>`, the `aria-level` or 2 for other headings. */
export function headingLevelOf(heading: Element): number {
  const match = /^h([1-6])$/.exec(tagOf(heading));
  if (match) return Number(match[1]);
  return Number(heading.getAttribute('aria-level')) || 2;
}

/** Characters a section may hold beside its heading and still be the heading alone (with a link). */
const BARE_SECTION_SLACK = 100;

/**
 * The elements that make up the section `heading` opens: the largest block around it holding no
 * other heading of its rank or above (headings `alsoOpens` accepts excepted, e.g. another
 * "related" heading) and not `keep`; when that block is the heading alone, the siblings after it
 * up to the next such heading. Within `root`.
 */
export function headedSectionOf(
  heading: Element,
  root: Element,
  options: { alsoOpens?: (heading: Element) => boolean; keep?: Element | null } = {},
): Element[] {
  const level = headingLevelOf(heading);
  const ends = (other: Element) =>
    other !== heading && headingLevelOf(other) <= level && !options.alsoOpens?.(other);
  const holdsKeep = (element: Element) => options.keep != null && element.contains(options.keep);
  const endsSection = (element: Element) => holdsKeep(element) || headingsOf(element).some(ends);
  let section: Element = heading;
  for (let parent = section.parentElement; parent && parent !== root; parent = parent.parentElement) {
    // Above the first level only what the parent adds is read: the section's own headings were read
    // a level below, so nested sections cost their size once a level, not again at every level above.
    if (holdsKeep(parent) || headingsAdded(parent, section, heading).some(ends)) break;
    section = parent;
  }
  const elements = [section];
  const bare = section.textContent.length < heading.textContent.length + BARE_SECTION_SLACK;
  if (bare) {
    for (let next = section.nextElementSibling; next && !endsSection(next); next = next.nextElementSibling)
      elements.push(next);
  }
  return elements;
}

/**
 * The headings under `parent` not yet read when its child `section` was: all of them when `section`
 * is the heading itself, else `section` (when it is one) and those in the parent's other children.
 */
function headingsAdded(parent: Element, section: Element, heading: Element): Element[] {
  if (section === heading) return headingsOf(parent);
  const added = section.matches(headingSelector) ? [section] : [];
  for (const child of childElementsOf(parent)) {
    if (child === section) continue;
    if (child.matches(headingSelector)) added.push(child);
    for (const inner of headingsOf(child)) added.push(inner);
  }
  return added;
}

/** A heading longer than this says something itself. */
const LABEL_MAX_LENGTH = 50;
/** More bare headings than this are a grid's item names (the picture before each), not leftovers. */
const MAX_EMPTY_SECTIONS = 2;

/** One step of the content in reading order: a heading, or something shown (text, an image). */
type Piece = { heading: Element; level: number } | 'shown';

/**
 * Removes headings that head nothing: no text or image follows before the next heading of the
 * same or a higher level, or before the end of the content ("Related posts" whose list was
 * pruned, "Comments" on a post without any). With `cards`, a linked heading among look-alike ones
 * is a grid's item name, not a section (see `card-headings.ts`).
 */
export function removeEmptySections(content: Element[], cards: CardHeadingLimits | false = false): void {
  const pieces: Piece[] = [];
  // Shown pieces in a row are noted once: what is read of them is whether one stands somewhere.
  const shown = () => {
    if (pieces.at(-1) !== 'shown') pieces.push('shown');
  };
  const walk = (node: Node): void => {
    if (isText(node)) {
      if (pieces.at(-1) !== 'shown' && normalizedLengthOf(node) > 0) shown();
      return;
    }
    if (!isElement(node)) return;
    if (/^h[1-6]$/.test(tagOf(node))) {
      pieces.push({ heading: node, level: headingLevelOf(node) });
      return;
    }
    if (tagOf(node) === 'img') shown();
    for (let child = node.firstChild; child !== null; child = child.nextSibling) walk(child);
  };
  for (const root of content) walk(root);
  // Content that is only headings (a product's name) keeps them.
  if (!pieces.includes('shown')) return;
  const empty: Element[] = [];
  pieces.forEach((piece, index) => {
    if (piece === 'shown') return;
    // Landing pages set their text in headings: only a short label heading nothing goes.
    if (normalizedLengthOf(piece.heading) > LABEL_MAX_LENGTH) return;
    for (let after = index + 1; after < pieces.length; after++) {
      const next = pieces[after]!;
      if (next === 'shown') return;
      if (next.level <= piece.level) break;
    }
    empty.push(piece.heading);
  });
  if (empty.length > MAX_EMPTY_SECTIONS) return;
  // A grid's last card heads nothing too; counted above like any bare heading, it stays.
  const headings = pieces.flatMap((piece) => (piece === 'shown' ? [] : [piece.heading]));
  const cardHeadings = cards ? cardHeadingsOf(headings, cards) : new Set<Element>();
  for (const heading of empty) if (!content.includes(heading) && !cardHeadings.has(heading)) heading.remove();
}

/** Whether a heading opens a section of teasers, comments or the author's box. */
export function isOpener(heading: Element, facts: SubtreeFacts): boolean {
  const text = facts.lineOf(heading);
  return text.length < 120 && teaserSectionHeading.test(text);
}

/** The teaser-section heading that `element` (with text `text`) is or only wraps. */
export function openingHeadingOf(element: Element, text: string, facts: SubtreeFacts): Element | undefined {
  const heading = /^h[2-6]$/.test(tagOf(element)) ? element : facts.sectionHeadingUnder(element);
  if (!heading || !isOpener(heading, facts)) return undefined;
  return heading === element || facts.lineOf(heading) === text ? heading : undefined;
}

/** Whether a block has a section heading (`h2`–`h6`) that is no link: a section of a story, not a teaser. */
export function hasOwnHeading(element: Element): boolean {
  return element
    .querySelectorAll('h2, h3, h4, h5, h6')
    .some((heading) => !heading.closest('a[href]') && !heading.querySelector('a[href]'));
}
