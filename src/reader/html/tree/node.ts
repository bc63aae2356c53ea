import { matcherOf, selectAll, selectOne } from './select.js';

/**
 * The page tree the reader works on: the part of the DOM's interface it uses (named as in the DOM,
 * so the extractor reads like DOM code) and no more. No events, no live collections, no style: a
 * full DOM implementation builds those for every node whether or not anything uses them, which was
 * most of the reader's time. Children are a linked list (`firstChild`, `nextSibling`), so moving
 * and removing nodes is cheap; `childNodes` and `children` are snapshots, safe to iterate as it changes.
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const DOCUMENT_NODE = 9;

/** `compareDocumentPosition` bits, as in the DOM. */
const DISCONNECTED = 1;
const PRECEDING = 2;
const FOLLOWING = 4;
const CONTAINS = 8;
const CONTAINED_BY = 16;

/** A node of the tree: an element, a text or the document. */
export abstract class Node {
  abstract readonly nodeType: number;
  /** The element or document holding this node; null for the document and detached nodes. */
  parentNode: ParentNode | null = null;
  previousSibling: Node | null = null;
  nextSibling: Node | null = null;
  /** The first and last child (always null for a text). */
  firstChild: Node | null = null;
  lastChild: Node | null = null;
  /** Text of the node and everything under it. */
  abstract readonly textContent: string;

  /** The children, as an array (a snapshot). */
  get childNodes(): Node[] {
    const nodes: Node[] = [];
    for (let node = this.firstChild; node !== null; node = node.nextSibling) nodes.push(node);
    return nodes;
  }

  /** The parent when it is an element (not the document). */
  get parentElement(): Element | null {
    const parent = this.parentNode;
    return parent !== null && parent.nodeType === ELEMENT_NODE ? (parent as Element) : null;
  }

  /** Whether `other` is this node or under it. */
  contains(other: Node | null): boolean {
    for (let node = other; node !== null; node = node.parentNode) if (node === this) return true;
    return false;
  }

  /** Where `other` stands relative to this node, as the DOM's bit mask (4: it follows this node). */
  compareDocumentPosition(other: Node): number {
    if (other === this) return 0;
    const ours = pathFromRoot(this);
    const theirs = pathFromRoot(other);
    if (ours[0] !== theirs[0]) return DISCONNECTED | PRECEDING;
    let depth = 0;
    while (depth < ours.length && depth < theirs.length && ours[depth] === theirs[depth]) depth++;
    if (depth === ours.length) return CONTAINED_BY | FOLLOWING;
    if (depth === theirs.length) return CONTAINS | PRECEDING;
    for (let sibling = ours[depth]!.nextSibling; sibling !== null; sibling = sibling.nextSibling)
      if (sibling === theirs[depth]) return FOLLOWING;
    return PRECEDING;
  }

  /** Takes the node out of its parent. */
  remove(): void {
    this.parentNode?.removeChild(this);
  }

  /** Inserts `nodes` before this node, in order. */
  before(...nodes: Node[]): void {
    const parent = this.parentNode;
    if (parent) for (const node of nodes) parent.insertBefore(node, this);
  }

  /** Puts `nodes` where this node stands and takes it out. */
  replaceWith(...nodes: Node[]): void {
    this.before(...nodes.filter((node) => node !== this));
    if (!nodes.includes(this)) this.remove();
  }
}

/** The node and its ancestors, the root first. */
function pathFromRoot(node: Node): Node[] {
  const path: Node[] = [];
  for (let current: Node | null = node; current !== null; current = current.parentNode) path.push(current);
  return path.reverse();
}

/** A run of text. */
export class Text extends Node {
  /** What the reader measured of the text, with the data it read (`text-measures.ts`); the tree never reads it. */
  measuresMemo: unknown = undefined;
  constructor(public data: string) {
    super();
  }

  get nodeType(): number {
    return TEXT_NODE;
  }

  get textContent(): string {
    return this.data;
  }
}

/** A node with children: an element or the document. */
export abstract class ParentNode extends Node {
  /** The child elements, as an array (a snapshot). */
  get children(): Element[] {
    const elements: Element[] = [];
    for (let node = this.firstChild; node !== null; node = node.nextSibling)
      if (node.nodeType === ELEMENT_NODE) elements.push(node as Element);
    return elements;
  }

  get firstElementChild(): Element | null {
    let node = this.firstChild;
    while (node !== null && node.nodeType !== ELEMENT_NODE) node = node.nextSibling;
    return node as Element | null;
  }

  get textContent(): string {
    let text = '';
    let node = this.firstChild;
    while (node !== null) {
      if (node.nodeType === TEXT_NODE) text += (node as Text).data;
      else if (node.nodeType === ELEMENT_NODE && (node as ParentNode).firstChild !== null) {
        node = (node as ParentNode).firstChild!;
        continue;
      }
      while (node !== null && node !== this && node.nextSibling === null) node = node.parentNode;
      if (node === null || node === this) break;
      node = node.nextSibling;
    }
    return text;
  }

  /** Inserts `node` before `reference` (at the end when null), taking it from where it was. */
  insertBefore<T extends Node>(node: T, reference: Node | null): T {
    if (node.parentNode !== null) node.parentNode.removeChild(node);
    const previous = reference === null ? this.lastChild : reference.previousSibling;
    node.parentNode = this;
    node.previousSibling = previous;
    node.nextSibling = reference;
    if (previous === null) this.firstChild = node;
    else previous.nextSibling = node;
    if (reference === null) this.lastChild = node;
    else reference.previousSibling = node;
    return node;
  }

  appendChild<T extends Node>(node: T): T {
    return this.insertBefore(node, null);
  }

  removeChild<T extends Node>(node: T): T {
    if (node.parentNode !== this) return node;
    if (node.previousSibling === null) this.firstChild = node.nextSibling;
    else node.previousSibling.nextSibling = node.nextSibling;
    if (node.nextSibling === null) this.lastChild = node.previousSibling;
    else node.nextSibling.previousSibling = node.previousSibling;
    node.parentNode = null;
    node.previousSibling = null;
    node.nextSibling = null;
    return node;
  }

  append(...nodes: Node[]): void {
    for (const node of nodes) this.insertBefore(node, null);
  }

  prepend(...nodes: Node[]): void {
    const first = this.firstChild;
    for (const node of nodes) this.insertBefore(node, first);
  }

  /** Joins adjacent texts and drops empty ones, all the way down, as the DOM's `normalize()`. */
  normalize(): void {
    let node = this.firstChild;
    while (node !== null) {
      if (node instanceof Text) {
        while (node.nextSibling instanceof Text) node.data += this.removeChild(node.nextSibling).data;
      } else if (node instanceof ParentNode) node.normalize();
      const next: Node | null = node.nextSibling;
      if (node instanceof Text && node.data === '') this.removeChild(node);
      node = next;
    }
  }

  /** The first element under this node matching a CSS selector, or null. */
  querySelector(selector: string): Element | null {
    return selectOne<Element>(this, selector);
  }

  /** Every element under this node matching a CSS selector, in document order (an array). */
  querySelectorAll(selector: string): Element[] {
    return selectAll<Element>(this, selector);
  }
}

/** Past this many attributes an element finds them by name in a map (a hostile page may write thousands). */
const MAX_LISTED_ATTRIBUTES = 16;

/** An element: its lower-case tag name, attributes and children. */
export class Element extends ParentNode {
  /** Lower-case tag name (`div`, `p`). */
  readonly localName: string;
  /** Names and values in turn, as written: a look along a few finds one sooner than hashing. */
  readonly #attributes: string[] = [];
  /** Where each name stands, once there are too many attributes to look along. */
  #positions: Map<string, number> | undefined;
  /** What the reader remembered of the class and id (`class-names.ts`); the tree never reads it. */
  namesMemo: unknown = undefined;
  /** What the reader remembered of the class's shape (`class-shape.ts`); the tree never reads it. */
  shapeMemo: unknown = undefined;

  constructor(localName: string, attributes: Record<string, string> = {}) {
    super();
    this.localName = localName;
    for (const [name, value] of Object.entries(attributes)) this.addAttribute(name, value);
  }

  get nodeType(): number {
    return ELEMENT_NODE;
  }

  /** Upper-case tag name, as the DOM gives it for HTML. */
  get tagName(): string {
    return this.localName.toUpperCase();
  }

  getAttribute(name: string): string | null {
    const position = this.#positionOf(name);
    return position === -1 ? null : this.#attributes[position + 1]!;
  }

  hasAttribute(name: string): boolean {
    return this.#positionOf(name) !== -1;
  }

  setAttribute(name: string, value: string): void {
    const position = this.#positionOf(name);
    if (position === -1) this.addAttribute(name, value);
    else this.#attributes[position + 1] = value;
  }

  /** Adds an attribute as read: a repeated name keeps its first value; `__proto__` is never kept. */
  addAttribute(name: string, value: string): void {
    if (name === '__proto__' || this.#positionOf(name) !== -1) return;
    const attributes = this.#attributes;
    attributes.push(name, value);
    if (this.#positions !== undefined) this.#positions.set(name, attributes.length - 2);
    else if (attributes.length > 2 * MAX_LISTED_ATTRIBUTES) {
      this.#positions = new Map();
      for (let position = 0; position < attributes.length; position += 2)
        this.#positions.set(attributes[position]!, position);
    }
  }

  #positionOf(name: string): number {
    if (this.#positions !== undefined) return this.#positions.get(name) ?? -1;
    const attributes = this.#attributes;
    for (let position = 0; position < attributes.length; position += 2)
      if (attributes[position] === name) return position;
    return -1;
  }

  /** Name–value pairs as an object of them lists its keys: as written, array indices first. */
  get attributes(): Array<{ name: string; value: string }> {
    const record: Record<string, string> = {};
    const attributes = this.#attributes;
    for (let position = 0; position < attributes.length; position += 2)
      record[attributes[position]!] = attributes[position + 1]!;
    return Object.entries(record).map(([name, value]) => ({ name, value }));
  }

  get nextElementSibling(): Element | null {
    let node = this.nextSibling;
    while (node !== null && node.nodeType !== ELEMENT_NODE) node = node.nextSibling;
    return node as Element | null;
  }

  /** Whether this element matches a CSS selector. */
  matches(selector: string): boolean {
    return matcherOf(selector)(this);
  }

  /** This element or its nearest ancestor matching a CSS selector, or null. */
  closest(selector: string): Element | null {
    const matcher = matcherOf(selector);
    for (let element: Element | null = this; element !== null; element = element.parentElement)
      if (matcher(element)) return element;
    return null;
  }
}
