import {
  HEADING_TAGS,
  isElement,
  isSpaceCode,
  isText,
  normalizedLengthOf,
  normalizeSpace,
  tagOf,
} from './dom.js';
import type { Element } from './tree/index.js';

/** The headings whose section may be a block of teasers ("Related stories"). */
const sectionHeadingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** What the walk learns of one element (see `SubtreeFacts`' questions). */
interface Learned {
  text: string;
  /** `normalizeSpace(text)`, once asked. */
  line?: string;
  heading: Element | null;
  length: number;
  headings: number;
}

/**
 * What the pruning rules ask of many elements under one root — an element's text and its length
 * with space collapsed, its first `<h2>`–`<h6>`, how many headings it holds — learned for all of
 * them in one walk. Asked element by element, each question
 * walks the element's subtree again: on a page nesting elements hundreds deep above thousands of
 * others (the tree stops nesting at `MAX_TREE_DEPTH`, so a very deep page is that), every level
 * re-walks the same nodes. The answers are the tree's while it is unchanged; `forget` an element
 * before it is taken out, and the elements above it are asked of the tree from then on.
 */
export class SubtreeFacts {
  readonly #facts = new Map<Element, Learned>();

  constructor(root: Element) {
    this.#learn(root);
  }

  /** `element.textContent`. */
  textOf(element: Element): string {
    return this.#facts.get(element)?.text ?? element.textContent;
  }

  /** `normalizeSpace(element.textContent)`, made once an element (several rules read an element's line). */
  lineOf(element: Element): string {
    const learned = this.#facts.get(element);
    if (learned === undefined) return normalizeSpace(element.textContent);
    learned.line ??= normalizeSpace(learned.text);
    return learned.line;
  }

  /** `element.querySelector('h2, h3, h4, h5, h6')`. */
  sectionHeadingUnder(element: Element): Element | null {
    const learned = this.#facts.get(element);
    return learned === undefined ? element.querySelector('h2, h3, h4, h5, h6') : learned.heading;
  }

  /** `normalizedLengthOf(element)`. */
  lengthOf(element: Element): number {
    return this.#facts.get(element)?.length ?? normalizedLengthOf(element);
  }

  /** `element.querySelectorAll('h1, h2, h3, h4, h5, h6').length`. */
  headingCountUnder(element: Element): number {
    return this.#facts.get(element)?.headings ?? element.querySelectorAll('h1, h2, h3, h4, h5, h6').length;
  }

  /** Drops what `element`'s removal changes: the answers for the elements above it. */
  forget(element: Element): void {
    // An ancestor already forgotten had all of its own forgotten with it: the walk stops there.
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      if (!this.#facts.delete(parent)) break;
    }
  }

  /**
   * What the last `#learn` found of its element's text, for the element above: the text, its
   * length as `normalizedLengthOf` counts it, and whether it starts or ends with space (joined to
   * another text, either side's space counts one between them). Fields rather than an object a
   * text node: the walk measures every node of the page.
   */
  #text = '';
  #length = 0;
  #leadingSpace = false;
  #trailingSpace = false;
  #heading: Element | null = null;
  #headingCount = 0;

  #learn(element: Element): void {
    let text = '';
    let heading: Element | null = null;
    let headings = 0;
    // The text so far, measured as `normalizedLengthOf` counts it (it holds something but space
    // exactly when its length is not 0).
    let length = 0;
    let leadingSpace = false;
    let trailingSpace = false;
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      let pieceLength: number;
      let pieceLeading: boolean;
      let pieceTrailing: boolean;
      if (isText(node)) {
        const data = node.data;
        text += data;
        pieceLength = normalizedLengthOf(node);
        pieceLeading = data.length > 0 && isSpaceCode(data.charCodeAt(0));
        pieceTrailing = data.length > 0 && isSpaceCode(data.charCodeAt(data.length - 1));
      } else if (isElement(node)) {
        this.#learn(node);
        text += this.#text;
        headings += this.#headingCount + (HEADING_TAGS.has(tagOf(node)) ? 1 : 0);
        // In document order an element comes before what it holds.
        heading ??= sectionHeadingTags.has(tagOf(node)) ? node : this.#heading;
        pieceLength = this.#length;
        pieceLeading = this.#leadingSpace;
        pieceTrailing = this.#trailingSpace;
      } else continue;
      if (length > 0 && pieceLength > 0) {
        length += pieceLength + (trailingSpace || pieceLeading ? 1 : 0);
        trailingSpace = pieceTrailing;
      } else if (length > 0) trailingSpace ||= pieceTrailing;
      else {
        // Nothing but space so far: the piece's text starts the element's.
        length = pieceLength;
        leadingSpace ||= pieceLeading;
        trailingSpace = pieceLength > 0 ? pieceTrailing : trailingSpace || pieceTrailing;
      }
    }
    this.#facts.set(element, { text, heading, length, headings });
    this.#text = text;
    this.#length = length;
    this.#leadingSpace = leadingSpace;
    this.#trailingSpace = trailingSpace;
    this.#heading = heading;
    this.#headingCount = headings;
  }
}
