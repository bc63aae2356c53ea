import { isElement, isText, tagOf } from './dom.js';
import type { Element, Node } from './tree/index.js';

/**
 * Text-level formatting: elements a writer sets around part of a word as readily as around whole
 * words (`<b>T</b>he`, `<sup>th</sup>`, `wi<em>th</em>`), so two of them side by side may still be one word.
 */
const formattingTags = new Set(
  'abbr b bdi bdo big cite code del dfn em font i ins kbd mark q rp rt ruby s samp small strike strong sub sup tt u var wbr'.split(
    ' ',
  ),
);

/** How many nodes the look for a box's first or last character visits at most: the look stays linear on deep nesting. */
const EDGE_STEPS = 16;

/** Letters and digits: what ends a word before the next box. */
const WORD_END = /[\p{L}\p{N}]$/u;
/** A capital or a digit: what starts a word of its own (a lower-case letter may go on with the word before). */
const WORD_START = /^[\p{Lu}\p{N}]/u;
/** Any letter or digit. */
const ANY_WORD_START = /^[\p{L}\p{N}]/u;

/** Which words the next box starts on their own (see `boxGapBefore`). */
export interface WordBoundaries {
  /** Whether a box that starts with a lower-case letter (or a letter of a script without case) starts a word too; default false. */
  anyLetter: boolean;
}

/** The shipped setting: a capital or a digit starts a word of its own. */
export const WORD_BOUNDARIES: WordBoundaries = { anyLetter: false };

/**
 * The space a page's layout puts between `element` and the inline element right before it. Two
 * sibling boxes other than text-level formatting (`<span>`, `<a>`, `<label>`, `<time>`…) with no text
 * at all between them are set apart by the style sheet when the first ends a word and the second
 * starts one with a capital or a digit — a tag list of links ("FPS", "Shooter"), a date's long and
 * short forms ("2024", "1 yr"), a name beside a job title, a value beside the next label ("31g",
 * "Protein"). Markup cannot tell, so the words would run together; a lower-case letter after the
 * first box goes on with its word ("291", "kcal"; "Co", "rnell") unless `anyLetter`, and
 * punctuation always does. Comments between the boxes do not count; any text (even a space) does,
 * and is written as it is.
 */
export function boxGapBefore(element: Element, { anyLetter }: WordBoundaries): string {
  if (formattingTags.has(tagOf(element))) return '';
  let previous = element.previousSibling;
  while (previous !== null && !isElement(previous) && !isText(previous)) previous = previous.previousSibling;
  if (previous === null || !isElement(previous) || formattingTags.has(tagOf(previous))) return '';
  // The last two code units hold the last character, a surrogate pair included.
  return WORD_END.test(edgeText(previous, 'last').slice(-2)) &&
    (anyLetter ? ANY_WORD_START : WORD_START).test(edgeText(element, 'first'))
    ? ' '
    : '';
}

/**
 * The first (or last) text of `element` in reading order, or '' when it has none within
 * `EDGE_STEPS` nodes; a line break stands for a space.
 */
function edgeText(element: Element, side: 'first' | 'last'): string {
  const first = side === 'first';
  let node: Node | null = first ? element.firstChild : element.lastChild;
  for (let steps = 0; steps < EDGE_STEPS && node !== null; steps++) {
    if (isText(node) && node.data !== '') return node.data;
    if (isElement(node) && tagOf(node) === 'br') return ' ';
    const child: Node | null = isElement(node) ? (first ? node.firstChild : node.lastChild) : null;
    if (child !== null) {
      node = child;
      continue;
    }
    // Up to the nearest ancestor below `element` with a sibling on this side, and on to that sibling.
    let next: Node | null = first ? node.nextSibling : node.previousSibling;
    while (next === null && node.parentNode !== element && node.parentNode !== null) {
      node = node.parentNode;
      next = first ? node.nextSibling : node.previousSibling;
    }
    node = next;
  }
  return '';
}
