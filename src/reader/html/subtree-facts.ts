import { isElement, isText, tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/** The headings whose section may be a block of teasers ("Related stories"). */
const sectionHeadingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** What one walk learns of an element. */
interface Learned {
  text: string;
  heading: Element | null;
}

/**
 * What the pruning rules ask of many elements under one root — an element's text, its first
 * `<h2>`–`<h6>` — learned for all of them in one walk. Asked element by element, each question
 * walks the element's subtree again: on a page nesting elements hundreds deep above thousands of
 * others (the tree stops nesting at `MAX_TREE_DEPTH`, so a very deep page is that), every level
 * re-walks the same nodes. The answers are the tree's while it is unchanged; `forget` an element
 * before it is taken out, and the elements above it are asked of the tree from then on.
 */
export class SubtreeFacts {
  readonly #texts = new Map<Element, string>();
  readonly #headings = new Map<Element, Element | null>();

  constructor(root: Element) {
    this.#learn(root);
  }

  /** `element.textContent`. */
  textOf(element: Element): string {
    return this.#texts.get(element) ?? element.textContent;
  }

  /** `element.querySelector('h2, h3, h4, h5, h6')`. */
  sectionHeadingUnder(element: Element): Element | null {
    const heading = this.#headings.get(element);
    return heading === undefined ? element.querySelector('h2, h3, h4, h5, h6') : heading;
  }

  /** Drops what `element`'s removal changes: the answers for the elements above it. */
  forget(element: Element): void {
    // An ancestor already forgotten had all of its own forgotten with it: the walk stops there.
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      if (!this.#texts.delete(parent)) break;
      this.#headings.delete(parent);
    }
  }

  #learn(element: Element): Learned {
    let text = '';
    let heading: Element | null = null;
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) text += node.data;
      else if (isElement(node)) {
        const below = this.#learn(node);
        text += below.text;
        // In document order an element comes before what it holds.
        heading ??= sectionHeadingTags.has(tagOf(node)) ? node : below.heading;
      }
    }
    this.#texts.set(element, text);
    this.#headings.set(element, heading);
    return { text, heading };
  }
}
