import { descendantsOf, tagOf } from './dom.js';
import type { Document, Element } from './tree/index.js';

/**
 * The elements of a parsed page by tag, in document order, built in one walk of the page. Reading a
 * page's metadata asks a dozen whole-document questions (its `<meta>` tags, title, first `<h1>`,
 * JSON-LD, base and canonical URL, links, buttons); each `querySelector` is a walk of every node of
 * the page. The index answers them all from one walk. It holds only while the tree is unchanged: `forgetPageIndex` before cleaning it.
 */
const indexes = new WeakMap<Document, Map<string, Element[]>>();

/** Every element of the page with this (lower-case) tag (`*`: every element), in document order. */
export function elementsByTag(document: Document, tag: string): Element[] {
  let index = indexes.get(document);
  if (!index) {
    index = buildIndex(document);
    indexes.set(document, index);
  }
  return index.get(tag) ?? [];
}

/** The first element of the page with this tag, or the first that also passes `test`. */
export function firstByTag(
  document: Document,
  tag: string,
  test: (element: Element) => boolean = () => true,
): Element | undefined {
  return elementsByTag(document, tag).find(test);
}

/** Drops the page's index: the tree is about to change. */
export function forgetPageIndex(document: Document): void {
  indexes.delete(document);
}

function buildIndex(document: Document): Map<string, Element[]> {
  const index = new Map<string, Element[]>();
  const all = descendantsOf(document);
  for (const element of all) {
    const tag = tagOf(element);
    const list = index.get(tag);
    if (list) list.push(element);
    else index.set(tag, [element]);
  }
  index.set('*', all);
  return index;
}
