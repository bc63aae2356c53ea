import { isElement, isText, tagOf } from './dom.js';
import { measuresOf } from './text-measures.js';
import type { Element } from './tree/index.js';

/** Text measurements of one element's subtree. */
export interface ElementStats {
  /** Characters of visible text (whitespace runs count as one). */
  textLength: number;
  /** Characters of text inside links. */
  linkTextLength: number;
  /** Commas (Latin and CJK), a sign of running prose. */
  commas: number;
  /** `<p>` elements and text-bearing leaf blocks below. */
  paragraphs: number;
}

/** Measures every element under (and including) `root` in one pass. */
export function measure(root: Element): Map<Element, ElementStats> {
  const stats = new Map<Element, ElementStats>();
  visit(root, false, stats);
  return stats;
}

function visit(element: Element, inLink: boolean, stats: Map<Element, ElementStats>): ElementStats {
  const own: ElementStats = { textLength: 0, linkTextLength: 0, commas: 0, paragraphs: 0 };
  const isLink = inLink || tagOf(element) === 'a';
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (isText(node)) {
      const measures = measuresOf(node);
      // `data.replace(/\s+/g, ' ')`'s length, and nothing for white space alone (one space once collapsed).
      const length = measures.collapsed === 1 && measures.whiteStart ? 0 : measures.collapsed;
      own.textLength += length;
      if (isLink) own.linkTextLength += length;
      own.commas += measures.commas;
    } else if (isElement(node)) {
      const child = visit(node, isLink, stats);
      own.textLength += child.textLength;
      own.linkTextLength += child.linkTextLength;
      own.commas += child.commas;
      own.paragraphs += child.paragraphs;
    }
  }
  if (tagOf(element) === 'p' && own.textLength > 0) own.paragraphs += 1;
  stats.set(element, own);
  return own;
}

/** Share of an element's text that sits inside links (0 when it has no text). */
export function linkDensityOf(stats: ElementStats | undefined): number {
  if (!stats || stats.textLength === 0) return 0;
  return stats.linkTextLength / stats.textLength;
}

/** Characters of text outside links. */
export function proseLength(measured: ElementStats | undefined): number {
  return measured ? measured.textLength - measured.linkTextLength : 0;
}
