/** Small DOM helpers shared by the HTML extractor; they work on linkedom's and browsers' DOMs alike. */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export function isText(node: Node): node is Text {
  return node.nodeType === TEXT_NODE;
}

/** Lower-case tag name of an element (`div`, `p`). */
export function tagOf(element: Element): string {
  return element.localName ?? element.tagName.toLowerCase();
}

/** Child elements as an array (a snapshot, safe to mutate the tree while iterating). */
export function childElementsOf(element: Element): Element[] {
  return Array.from(element.children);
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
export function descendantsOf(root: Element): Element[] {
  const result: Element[] = [];
  const stack: Element[] = childElementsOf(root).reverse();
  while (stack.length > 0) {
    const element = stack.pop()!;
    result.push(element);
    const children = element.children;
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return result;
}
