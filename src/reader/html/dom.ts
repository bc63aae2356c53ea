/** Small helpers over the page tree shared by the HTML extractor. */
import { hasSpaceToCollapse, isWhiteSpaceCode, measuresOf } from './text-measures.js';
import {
  ELEMENT_NODE,
  type Element,
  type Node,
  type ParentNode,
  TEXT_NODE,
  type Text,
} from './tree/index.js';

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export function isText(node: Node): node is Text {
  return node.nodeType === TEXT_NODE;
}

/** Lower-case tag name of an element (`div`, `p`). */
export function tagOf(element: Element): string {
  return element.localName;
}

/** Child elements as an array (a snapshot, safe to mutate the tree while iterating). */
export function childElementsOf(element: Element): Element[] {
  return element.children;
}

/** The element's class and id joined and lower-cased, for pattern matching. */
export function classAndIdOf(element: Element): string {
  const className = element.getAttribute('class') ?? '';
  const id = element.getAttribute('id') ?? '';
  return `${className} ${id}`.toLowerCase();
}

/** Collapses runs of whitespace (including non-breaking spaces) into single spaces and trims. */
export function normalizeSpace(text: string): string {
  // Most texts have no space but single spaces: only their trimming changes anything.
  return hasSpaceToCollapse(text, true) ? text.replace(SPACE_RUNS, ' ').trim() : text.trim();
}

/** Runs of what `normalizeSpace` collapses: JavaScript's `\s`, and U+200B. */
export const SPACE_RUNS = /[\s\u00a0\u200b]+/g;

/** Depth-first list of every element under `root` (root excluded), in document order. */
export function descendantsOf(root: ParentNode): Element[] {
  const result: Element[] = [];
  let node = root.firstChild;
  while (node !== null) {
    if (isElement(node)) {
      result.push(node);
      if (node.firstChild !== null) {
        node = node.firstChild;
        continue;
      }
    }
    while (node !== null && node !== root && node.nextSibling === null) node = node.parentNode;
    if (node === null || node === root) break;
    node = node.nextSibling;
  }
  return result;
}

/** Whether a UTF-16 code unit is one that `normalizeSpace` collapses: JavaScript's `\s`, and U+200B. */
export function isSpaceCode(code: number): boolean {
  return code === 0x200b || isWhiteSpaceCode(code);
}

/**
 * `normalizeSpace(node.textContent).length`, counted without building either string from each
 * text's measures (`text-measures.ts`): the pruning rules ask the length of many large blocks.
 */
export function normalizedLengthOf(node: Node): number {
  let length = 0;
  let started = false;
  // Whether a space stands between the text so far and what comes next.
  let pendingSpace = false;
  forEachTextIn(node, (text) => {
    const measures = measuresOf(text);
    if (measures.normalized > 0) {
      if (pendingSpace || (started && measures.spaceStart)) length++;
      length += measures.normalized;
      started = true;
      pendingSpace = measures.spaceEnd;
    } else if (measures.data.length > 0) pendingSpace = started;
  });
  return length;
}

/**
 * `node.textContent.replace(/\s+/g, ' ').length` (each run of white space counted as one
 * character, none trimmed), counted without building either string; a run across two texts is one.
 */
export function collapsedLengthOf(node: Node): number {
  let length = 0;
  let afterSpace = false;
  forEachTextIn(node, (text) => {
    const measures = measuresOf(text);
    length += afterSpace && measures.whiteStart ? measures.collapsed - 1 : measures.collapsed;
    if (measures.data.length > 0) afterSpace = measures.whiteEnd;
  });
  return length;
}

/** Calls `visit` with each text node in `node` (itself, or its descendants in order). */
function forEachTextIn(node: Node, visit: (text: Text) => void): void {
  if (isText(node)) {
    visit(node);
    return;
  }
  for (let current = node.firstChild; current !== null && current !== node; ) {
    if (isText(current)) visit(current);
    if (current.firstChild !== null) {
      current = current.firstChild;
      continue;
    }
    while (current !== null && current !== node && current.nextSibling === null) current = current.parentNode;
    current = current === null || current === node ? null : current.nextSibling;
  }
}

/**
 * Finds, for any element, the nearest of it and its ancestors that `matches` (as `closest` does, for
 * a test no selector states). Each answer is kept for the chain climbed to it, so asking of every
 * element of a page nested thousands deep stays linear; the tree must not change while it is asked.
 */
export function closestFinder(
  matches: (element: Element) => boolean,
): (element: Element) => Element | undefined {
  const known = new Map<Element, Element | null>();
  return (element) => {
    // The chain up to the first element already answered, answered on the way back down.
    const chain: Element[] = [];
    let answer: Element | null = null;
    for (let at: Element | null = element; at; at = at.parentElement) {
      const found = known.get(at);
      if (found !== undefined) {
        answer = found;
        break;
      }
      chain.push(at);
      if (matches(at)) {
        answer = at;
        break;
      }
    }
    for (const climbed of chain) known.set(climbed, answer);
    return answer ?? undefined;
  };
}

/** The groups `items` fall into by `keyOf`, in the order their first items come, each in their order. */
export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    // Added in place: a copy of the group for each item would take the square of thousands of items.
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The largest of the groups `items` fall into by `keyOf` (the first found of equal size), in their order. */
export function largestGroupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  let largest: T[] = [];
  for (const group of groupBy(items, keyOf).values()) if (group.length > largest.length) largest = group;
  return largest;
}

/** The links of a block to other pages (not to an anchor on this one). */
export function linksElsewhere(element: Element): Element[] {
  return element
    .querySelectorAll('a[href]')
    .filter((link) => !(link.getAttribute('href') ?? '').trim().startsWith('#'));
}

/** The heading elements, `h1` to `h6`. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
