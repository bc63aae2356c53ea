import { descendantsOf, HEADING_TAGS, isElement, isText, tagOf } from './dom.js';
import { isBlock } from './render.js';
import { hasSpaceToCollapse } from './text-measures.js';
import type { Element, Node } from './tree/index.js';

/**
 * One unit of the chosen content, as a reader sees it: a block holding no other block (a paragraph,
 * a list item, a heading, a table cell), or a run of text and inline elements set beside blocks in
 * an element that holds both. The units partition the content's text.
 */
export interface ContentUnit {
  /** The nodes the unit is made of: one element, or the run of inline nodes. */
  nodes: Node[];
  /** Its text, whitespace collapsed. */
  text: string;
  /** Words (runs of letters, digits and `_`) of its text, and how many of them are inside links. */
  words: number;
  linkWords: number;
  /** Its element's tag; `run` for a run of inline nodes. */
  tag: string;
  /** How many elements down from the content's top it sits. */
  depth: number;
  /** Whether a list, a table or a quote holds it. */
  inList: boolean;
  inTable: boolean;
  inQuote: boolean;
  /** Its element's tag and sorted classes; a run's is its parent's, marked as a run. */
  signature: string;
  /** The element holding it (a run's parent; an element's parent). */
  parent: Element;
  /** Whether it holds a `<time>`, and how many images. */
  hasTime: boolean;
  images: number;
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const CAPITAL = /\p{Lu}/u;

/**
 * How many words (runs of letters, digits and `_`, as WCXB counts them) a text has, and how many of
 * them start with a capital: one pass, without building the list of words.
 */
export function wordCountsOf(text: string): { words: number; capitalised: number } {
  let words = 0;
  let capitalised = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let isWord: boolean;
    let isCapital = false;
    if (code < 128) {
      isCapital = code >= 65 && code <= 90;
      isWord = isCapital || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95;
    } else {
      const character = String.fromCodePoint(text.codePointAt(index)!);
      index += character.length - 1;
      isWord = WORD_CHARACTER.test(character);
      isCapital = isWord && !inWord && CAPITAL.test(character);
    }
    if (isWord && !inWord) {
      words++;
      if (isCapital) capitalised++;
    }
    inWord = isWord;
  }
  return { words, capitalised };
}

/** How many words a text has, as the units count them. */
function wordCountOf(text: string): number {
  return wordCountsOf(text).words;
}

/** Where a unit sits: what holds it on the way down from the content's top. */
interface Place {
  depth: number;
  inList: boolean;
  inTable: boolean;
  inQuote: boolean;
}

const TOP: Place = { depth: 0, inList: false, inTable: false, inQuote: false };

/** The units of the content elements, in document order. */
export function contentUnitsOf(content: readonly Element[]): ContentUnit[] {
  const holdsBlock = elementsHoldingBlocks(content);
  const units: ContentUnit[] = [];
  // Each frame walks one element's children, gathering inline nodes into a run; a block child opens a
  // frame of its own. An explicit stack: content may nest hundreds of levels deep.
  const frames: { element: Element; place: Place; next: Node | null; run: Node[] }[] = [];
  const endRun = (frame: (typeof frames)[number]) => {
    if (frame.run.length > 0)
      addUnit(units, frame.run, { tag: 'run', place: frame.place, parent: frame.element });
    frame.run = [];
  };
  const open = (element: Element, outer: Place) => {
    const tag = tagOf(element);
    const place = placeInside(outer, tag);
    // A heading or preformatted block is one unit, as the renderer writes it as one.
    if (!holdsBlock.has(element) || HEADING_TAGS.has(tag) || tag === 'pre')
      addUnit(units, [element], { tag, place, parent: element.parentElement ?? element });
    else frames.push({ element, place, next: element.firstChild, run: [] });
  };
  for (const top of content) {
    open(top, TOP);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const node = frame.next;
      if (node === null) {
        endRun(frame);
        frames.pop();
        continue;
      }
      frame.next = node.nextSibling;
      if (isElement(node) && (isBlock(node) || holdsBlock.has(node))) {
        endRun(frame);
        open(node, frame.place);
      } else frame.run.push(node);
    }
  }
  return units;
}

function placeInside(outer: Place, tag: string): Place {
  return {
    depth: outer.depth + 1,
    inList: outer.inList || tag === 'li' || tag === 'ul' || tag === 'ol' || tag === 'dl',
    inTable: outer.inTable || tag === 'table',
    inQuote: outer.inQuote || tag === 'blockquote',
  };
}

/** The elements under the content holding a block element below them, found in one walk up. */
function elementsHoldingBlocks(content: readonly Element[]): Set<Element> {
  const holding = new Set<Element>();
  for (const top of content) {
    const below = descendantsOf(top);
    // In document order a parent comes before what it holds: walking backwards marks a block's ancestors.
    for (let index = below.length - 1; index >= 0; index--) {
      const element = below[index]!;
      const parent = element.parentElement;
      if (parent && (isBlock(element) || holding.has(element))) holding.add(parent);
    }
  }
  return holding;
}

function addUnit(
  units: ContentUnit[],
  nodes: Node[],
  { tag, place, parent }: { tag: string; place: Place; parent: Element },
): void {
  let text = '';
  let linkWords = 0;
  let hasTime = false;
  let images = 0;
  for (const node of nodes) {
    const measured = measureNode(node);
    text += ` ${measured.text}`;
    linkWords += measured.linkWords;
    hasTime ||= measured.hasTime;
    images += measured.images;
  }
  // Most units' text has only single spaces: it is then not copied to be collapsed.
  text = (hasSpaceToCollapse(text, false) ? text.replace(/\s+/g, ' ') : text).trim();
  if (text === '') return;
  const element = nodes.length === 1 && isElement(nodes[0]!) ? (nodes[0] as Element) : undefined;
  units.push({
    nodes,
    text,
    words: wordCountOf(text),
    linkWords,
    tag,
    ...place,
    signature: element ? signatureOf(element) : `run:${signatureOf(parent)}`,
    parent,
    hasTime,
    images,
  });
}

function signatureOf(element: Element): string {
  const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).sort().join('.');
  return `${tagOf(element)}.${classes}`;
}

/** A node's text, the words of it inside links, whether it holds a `<time>` and its images. */
function measureNode(root: Node): { text: string; linkWords: number; hasTime: boolean; images: number } {
  let text = '';
  let linkWords = 0;
  let hasTime = false;
  let images = 0;
  const stack: { node: Node; inLink: boolean }[] = [{ node: root, inLink: false }];
  while (stack.length > 0) {
    const { node, inLink } = stack.pop()!;
    if (isText(node)) {
      text += node.data;
      if (inLink) linkWords += wordCountOf(node.data);
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagOf(node);
    if (tag === 'time') hasTime = true;
    if (tag === 'img') images++;
    const here = inLink || tag === 'a';
    const children = node.childNodes;
    for (let index = children.length - 1; index >= 0; index--)
      stack.push({ node: children[index]!, inLink: here });
  }
  return { text, linkWords, hasTime, images };
}
