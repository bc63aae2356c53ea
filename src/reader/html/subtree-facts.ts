import { isElement, isText, normalizedLengthOf, tagOf } from './dom.js';
import type { Element, Text } from './tree/index.js';

/** The headings whose section may be a block of teasers ("Related stories"). */
const sectionHeadingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
const headingTags = new Set(['h1', ...sectionHeadingTags]);

/** A character `normalizeSpace` collapses. */
const SPACE = /[\s\u200b]/;

/**
 * A text's length as `normalizedLengthOf` counts it, with what joining it to another needs: whether
 * it starts or ends with space, and whether it holds anything but space. Two joined count one space
 * between them when either side has space there.
 */
interface SpacedLength {
  length: number;
  content: boolean;
  leadingSpace: boolean;
  trailingSpace: boolean;
}

const NOTHING: SpacedLength = { length: 0, content: false, leadingSpace: false, trailingSpace: false };

function spacedLengthOf(text: Text): SpacedLength {
  const length = normalizedLengthOf(text);
  const data = text.data;
  return {
    length,
    content: length > 0,
    leadingSpace: SPACE.test(data.charAt(0)),
    trailingSpace: SPACE.test(data.charAt(data.length - 1)),
  };
}

/** `first` followed by `second`, measured as one text. */
function joined(first: SpacedLength, second: SpacedLength): SpacedLength {
  if (!first.content || !second.content) {
    const only = first.content ? first : second;
    return {
      ...only,
      leadingSpace: first.content ? first.leadingSpace : first.leadingSpace || second.leadingSpace,
      trailingSpace: second.content ? second.trailingSpace : first.trailingSpace || second.trailingSpace,
    };
  }
  return {
    length: first.length + second.length + (first.trailingSpace || second.leadingSpace ? 1 : 0),
    content: true,
    leadingSpace: first.leadingSpace,
    trailingSpace: second.trailingSpace,
  };
}

/** What one walk learns of an element. */
interface Learned {
  text: string;
  heading: Element | null;
  spaced: SpacedLength;
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
  readonly #texts = new Map<Element, string>();
  readonly #headings = new Map<Element, Element | null>();
  readonly #lengths = new Map<Element, number>();
  readonly #headingCounts = new Map<Element, number>();

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

  /** `normalizedLengthOf(element)`. */
  lengthOf(element: Element): number {
    return this.#lengths.get(element) ?? normalizedLengthOf(element);
  }

  /** `element.querySelectorAll('h1, h2, h3, h4, h5, h6').length`. */
  headingCountUnder(element: Element): number {
    return this.#headingCounts.get(element) ?? element.querySelectorAll('h1, h2, h3, h4, h5, h6').length;
  }

  /** Drops what `element`'s removal changes: the answers for the elements above it. */
  forget(element: Element): void {
    // An ancestor already forgotten had all of its own forgotten with it: the walk stops there.
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      if (!this.#texts.delete(parent)) break;
      this.#headings.delete(parent);
      this.#lengths.delete(parent);
      this.#headingCounts.delete(parent);
    }
  }

  #learn(element: Element): Learned {
    let text = '';
    let heading: Element | null = null;
    let spaced = NOTHING;
    let headings = 0;
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) {
        text += node.data;
        spaced = joined(spaced, spacedLengthOf(node));
      } else if (isElement(node)) {
        const below = this.#learn(node);
        text += below.text;
        spaced = joined(spaced, below.spaced);
        headings += below.headings + (headingTags.has(tagOf(node)) ? 1 : 0);
        // In document order an element comes before what it holds.
        heading ??= sectionHeadingTags.has(tagOf(node)) ? node : below.heading;
      }
    }
    this.#texts.set(element, text);
    this.#headings.set(element, heading);
    this.#lengths.set(element, spaced.length);
    this.#headingCounts.set(element, headings);
    return { text, heading, spaced, headings };
  }
}
