import { compile, type Options } from 'css-select';

/**
 * CSS selectors over the page tree, by css-select (the engine cheerio uses) through an adapter. The
 * adapter reads the tree through the shape below, so this file does not import the tree it serves.
 */

/** What the selector engine reads of a node. */
export interface SelectableNode {
  readonly nodeType: number;
  readonly parentNode: SelectableNode | null;
  readonly firstChild: SelectableNode | null;
  readonly nextSibling: SelectableNode | null;
  readonly previousSibling: SelectableNode | null;
  readonly textContent: string;
}

/** What the selector engine reads of an element. */
export interface SelectableElement extends SelectableNode {
  readonly localName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/** A compiled selector: whether an element matches it. */
export type Matcher = (element: SelectableElement) => boolean;

const ELEMENT_NODE = 1;

function isElement(node: SelectableNode): node is SelectableElement {
  return node.nodeType === ELEMENT_NODE;
}

function childrenOf(node: SelectableNode): SelectableNode[] {
  const children: SelectableNode[] = [];
  for (let child = node.firstChild; child !== null; child = child.nextSibling) children.push(child);
  return children;
}

/** Calls `visit` on every element under `node` (itself excluded) in document order until it returns true. */
function someDescendant(node: SelectableNode, visit: (element: SelectableElement) => boolean): boolean {
  let current = node.firstChild;
  while (current !== null) {
    if (isElement(current) && visit(current)) return true;
    if (current.firstChild !== null) {
      current = current.firstChild;
      continue;
    }
    while (current !== null && current !== node && current.nextSibling === null) current = current.parentNode;
    if (current === null || current === node) return false;
    current = current.nextSibling;
  }
  return false;
}

/** Each node and the elements under it, in document order, until `visit` returns true. */
function someInTrees(nodes: SelectableNode[], visit: (element: SelectableElement) => boolean): boolean {
  return nodes.some((node) => (isElement(node) && visit(node)) || someDescendant(node, visit));
}

const adapter: NonNullable<Options<SelectableNode, SelectableElement>['adapter']> = {
  isTag: isElement,
  existsOne: (test, nodes) => someInTrees(nodes, test),
  getAttributeValue: (element, name) => element.getAttribute(name) ?? undefined,
  getChildren: childrenOf,
  getName: (element) => element.localName,
  getParent: (node) => node.parentNode,
  getSiblings: (node) => (node.parentNode ? childrenOf(node.parentNode) : [node]),
  prevElementSibling: (node) => {
    for (let sibling = node.previousSibling; sibling !== null; sibling = sibling.previousSibling)
      if (isElement(sibling)) return sibling;
    return null;
  },
  getText: (node) => node.textContent,
  hasAttrib: (element, name) => element.hasAttribute(name),
  removeSubsets: (nodes) =>
    nodes.filter(
      (node, index) =>
        !nodes.some((other, otherIndex) => otherIndex !== index && other !== node && holds(other, node)),
    ),
  findAll: (test, nodes) => {
    const found: SelectableElement[] = [];
    someInTrees(nodes, (element) => {
      if (test(element)) found.push(element);
      return false;
    });
    return found;
  },
  findOne: (test, nodes) => {
    let found: SelectableElement | null = null;
    someInTrees(nodes, (element) => {
      if (test(element)) found = element;
      return found !== null;
    });
    return found;
  },
};

function holds(ancestor: SelectableNode, node: SelectableNode): boolean {
  for (let parent = node.parentNode; parent !== null; parent = parent.parentNode)
    if (parent === ancestor) return true;
  return false;
}

/** Compiled selectors by their text: the reader asks the same few dozen on every page. */
const matchers = new Map<string, Matcher>();

/** The compiled form of a selector (matched against the whole tree, as `querySelectorAll` does). */
export function matcherOf(selector: string): Matcher {
  let matcher = matchers.get(selector);
  if (!matcher) {
    matcher = compile<SelectableNode, SelectableElement>(selector, { adapter }) as Matcher;
    matchers.set(selector, matcher);
  }
  return matcher;
}

/** Every element under `root` (itself excluded) that matches `selector`, in document order. */
export function selectAll<T extends SelectableElement>(root: SelectableNode, selector: string): T[] {
  const matcher = matcherOf(selector);
  const found: T[] = [];
  someDescendant(root, (element) => {
    if (matcher(element)) found.push(element as T);
    return false;
  });
  return found;
}

/** The first element under `root` (itself excluded) that matches `selector`, or null. */
export function selectOne<T extends SelectableElement>(root: SelectableNode, selector: string): T | null {
  const matcher = matcherOf(selector);
  let found: T | null = null;
  someDescendant(root, (element) => {
    if (matcher(element)) found = element as T;
    return found !== null;
  });
  return found;
}
