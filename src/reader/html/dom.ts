/** Small helpers over the page tree shared by the HTML extractor. */
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
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

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
