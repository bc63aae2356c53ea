import { classVerdictOf } from './boilerplate.js';
import {
  isHiddenByMarks,
  isMenuPanel,
  menuAncestor,
  plainBlockOf,
  withoutHidingMarks,
} from './disclosed-panels.js';
import { collapsedLengthOf, HEADING_TAGS, isElement, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { Element } from './tree/index.js';

/**
 * Accordions without ARIA: a button set directly before the block it opens (`<button>Question</button>
 * <div class="hidden">Answer</div>`, or the button alone in a heading before it). The page repeats the
 * pair for each question, a course's sessions, a plan's details; the button's text is the block's
 * title and the block is the page's own text, closed until a click — by `hidden`, an inline style or
 * a hiding word in its class (Tailwind's `hidden`). Cleaning drops every button as a control and
 * every hidden block: a repeated pair keeps its block (and, with `titles`, its button's text), as an
 * accordion named by ARIA does (`disclosed-panels.ts`, `controlled-panels.ts`). What a button sets
 * before a list of choices (a filter's options), a look-alike of itself (a row of buttons) or a
 * tooltip is no such block.
 */

/** Which button-and-block pairs open an accordion; `false` (the switch off): none are read. */
export interface DisclosurePairLimits {
  /** At least this many pairs of one shape (tag and class of button and block) make an accordion. */
  minPairs: number;
  /** The block holds more than this many times the button's text: an answer, not a label. */
  minRatio: number;
  /** Characters a button's text may hold and still be a title. */
  maxTitle: number;
  /** Keep the buttons' text as the blocks' titles (else only the blocks are shown; default false). */
  titles: boolean;
}

/**
 * What the reader ships: two pairs or more, an answer over twice its question, the blocks shown
 * without the buttons' titles. Held out by site on 2026-12-03 the titles added WCXB 0.0001 (FAQ
 * questions set in buttons) but cost trafilatura-eval one false positive (a page's FAQ questions
 * its annotators left out); the blocks alone held on both sets.
 */
export const DISCLOSURE_PAIR_LIMITS: DisclosurePairLimits = {
  minPairs: 2,
  minRatio: 2,
  maxTitle: 200,
  titles: false,
};

/** Past this many candidate pairs a page is read as it comes: each block's text is read once. */
const MAX_PAIRS = 300;

/** How many parents holding the button alone (a heading, a wrapper) stand for it beside its block. */
const MAX_WRAPPERS = 2;

/** Controls: a block holding one is a set of choices or a form, not a text. */
const controlTags = new Set(['button', 'input', 'select', 'textarea']);

/** What follows a button but is never the text it opens. */
const notBlocks = new Set([
  ...controlTags,
  ...HEADING_TAGS,
  'a',
  'form',
  'label',
  'nav',
  'header',
  'footer',
  'img',
  'svg',
  'script',
  'style',
  'template',
]);
const notBlockRoles = new Set(['tooltip', 'menu', 'listbox', 'dialog', 'navigation', 'button']);

/** A hiding word of a class token, as a word of it (`hidden`, `is-hidden`, `_hidden_x1`, `hide`). */
const hidingWord = /(?:^|[-_])(?:hidden|hide)(?:$|[-_])/;

interface Pair {
  button: Element;
  block: Element;
}

/**
 * Shows the blocks of the page's repeated button-and-block pairs and turns their buttons into plain
 * blocks (with `titles`). `elements`: every element of the page in document order (an element an
 * earlier step replaced, out of the tree now, is skipped). One walk from the leaves up finds which
 * elements hold a control; then each candidate block's text is read once, at most `MAX_PAIRS`.
 */
export function revealDisclosurePairs(elements: readonly Element[], limits: DisclosurePairLimits): void {
  const holdsControl = new Set<Element>();
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    const parent = element.parentElement;
    if (parent && (holdsControl.has(element) || controlTags.has(tagOf(element)))) holdsControl.add(parent);
  }
  const pairsByShape = new Map<string, Pair[]>();
  let count = 0;
  for (const button of elements) {
    if (button.parentElement === null || !isButton(button)) continue;
    const title = collapsedLengthOf(button);
    if (title < 2 || title > limits.maxTitle) continue;
    const unit = outermostWrapperOf(button);
    const block = unit.nextElementSibling;
    if (!block || !mayBeOpened(block, unit, holdsControl)) continue;
    if (++count > MAX_PAIRS) return;
    if (collapsedLengthOf(block) <= title * limits.minRatio) continue;
    const shape = `${signatureOf(unit)}|${signatureOf(block)}`;
    const pairs = pairsByShape.get(shape);
    if (pairs) pairs.push({ button, block });
    else pairsByShape.set(shape, [{ button, block }]);
  }
  for (const pairs of pairsByShape.values()) {
    if (pairs.length < limits.minPairs) continue;
    for (const { button, block } of pairs) {
      // A drop-down of the page's navigation or a form's part opens the same way.
      if (block.parentElement === null || button.closest(menuAncestor) || button.closest('form')) continue;
      if (isMenuPanel(block)) continue;
      show(block);
      if (limits.titles && tagOf(button) === 'button' && button.parentElement !== null)
        button.replaceWith(plainBlockOf(button));
    }
  }
}

/** A button, or an element playing one that is not a link. */
function isButton(element: Element): boolean {
  const tag = tagOf(element);
  return tag === 'button' || (element.getAttribute('role') === 'button' && tag !== 'a');
}

/** The button, or its outermost parent up to `MAX_WRAPPERS` that holds nothing else (`<h3><button>`). */
function outermostWrapperOf(button: Element): Element {
  let unit = button;
  for (let level = 0; level < MAX_WRAPPERS && unit.parentElement && isOnlyElementChild(unit); level++)
    unit = unit.parentElement;
  return unit;
}

/** Whether no element stands beside this one in its parent (not `children`, which lists them all). */
function isOnlyElementChild(element: Element): boolean {
  if (element.nextElementSibling !== null) return false;
  for (let node = element.previousSibling; node !== null; node = node.previousSibling)
    if (isElement(node)) return false;
  return true;
}

/** Whether the block after a button may be what it opens: text, not choices, a look-alike or a tooltip. */
function mayBeOpened(block: Element, unit: Element, holdsControl: ReadonlySet<Element>): boolean {
  if (notBlocks.has(tagOf(block)) || notBlockRoles.has(block.getAttribute('role') ?? '')) return false;
  if (holdsControl.has(block)) return false;
  return signatureOf(block) !== signatureOf(unit);
}

/** Takes off what hides the block: its marks (`hidden`, a hiding style) and the hiding words of its class. */
function show(block: Element): void {
  const shown = isHiddenByMarks(block) ? withoutHidingMarks(block) : block;
  if (shown !== block) block.replaceWith(shown);
  const tokens = (shown.getAttribute('class') ?? '').split(/\s+/).filter((token) => token !== '');
  const kept = tokens.filter((token) => !isHidingToken(token));
  if (kept.length < tokens.length) shown.setAttribute('class', kept.join(' '));
}

/** A class token that hides its block by itself: a hiding word the boilerplate patterns read as such. */
function isHidingToken(token: string): boolean {
  return (
    hidingWord.test(token.toLowerCase()) &&
    classVerdictOf(new Element('div', { class: token })) === 'boilerplate'
  );
}
