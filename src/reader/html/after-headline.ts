import { isElement, isText, normalizeSpace, tagOf } from './dom.js';
import { elementsByTag, firstByTag } from './page-index.js';
import { restatesTitle } from './shown-title.js';
import { shortTextOf } from './title-heading.js';
import type { Document, Element, Node } from './tree/index.js';

/**
 * How much text after the headline is read for its dateline and byline, in characters: they sit
 * beside the headline ("By Ann Lee · May 2, 2024", "Updated on July 9, 2025"), not deep in the story.
 */
export const BESIDE_HEADLINE = 600;

/** Elements whose text is never shown. */
export const UNSHOWN: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
]);
/** Elements a line of text runs on through; any other begins and ends a line. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

/**
 * The page's headline: its first `<h1>`, else, on a page without one, its first `<h2>` (then
 * `<h3>`) that restates the title the page states (`title`; a blog's `<h3 class="post-title">`).
 * Each heading is read to a bounded length (`shortTextOf`).
 */
export function headlineOf(document: Document, title: string): Element | undefined {
  const h1 = firstByTag(document, 'h1');
  if (h1 || title === '') return h1;
  for (const tag of ['h2', 'h3']) {
    for (const heading of elementsByTag(document, tag)) {
      const text = shortTextOf(heading);
      if (text !== undefined && restatesTitle(normalizeSpace(text), title)) return heading;
    }
  }
  return undefined;
}

/** The shown texts after `start` and all it holds, in document order. */
export function* textsAfter(start: Node): Generator<string> {
  for (const piece of piecesAfter(start)) if (piece !== LINE_BREAK) yield piece;
}

/**
 * The shown lines after `start` and all it holds: texts run on through inline elements; the text of
 * elements of the `skipped` tags left out.
 */
export function* linesAfter(start: Node, skipped: ReadonlySet<string> = UNSHOWN): Generator<string> {
  let line = '';
  for (const piece of piecesAfter(start, skipped)) {
    if (piece !== LINE_BREAK) line += piece;
    else if (line !== '') {
      yield line;
      line = '';
    }
  }
  if (line !== '') yield line;
}

/**
 * The shown texts before `start`, nearest first: the text nodes that come before it in document
 * order, read backwards; what `UNSHOWN` elements hold is skipped.
 */
export function* textsBefore(start: Node): Generator<string> {
  let node: Node | null = start;
  while (node) {
    if (node.previousSibling) {
      node = node.previousSibling;
      while (isElement(node) && !UNSHOWN.has(tagOf(node)) && node.lastChild) node = node.lastChild;
      if (isText(node)) yield node.data;
    } else node = node.parentNode;
  }
}

const LINE_BREAK = Symbol('line break');

/** The texts after `start`, in document order, with a break where an element not inline begins or ends. */
function* piecesAfter(
  start: Node,
  skipped: ReadonlySet<string> = UNSHOWN,
): Generator<string | typeof LINE_BREAK> {
  let node: Node | null = start;
  let leaving = true;
  while (node) {
    if (!leaving) {
      if (isText(node)) yield node.data;
      else if (isElement(node) && !skipped.has(tagOf(node))) {
        if (!INLINE.has(tagOf(node))) yield LINE_BREAK;
        if (node.firstChild) {
          node = node.firstChild;
          continue;
        }
      }
    }
    if (isElement(node) && !INLINE.has(tagOf(node))) yield LINE_BREAK;
    leaving = node.nextSibling === null;
    node = node.nextSibling ?? node.parentNode;
  }
}
