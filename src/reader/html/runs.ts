import { isElement, isText, tagOf } from './dom.js';
import { isBlock } from './render.js';
import type { Element, Node } from './tree/index.js';

/**
 * Inline runs: the unit of the "no lost words" rule. A run is a stretch of inline content between
 * block boundaries — a paragraph's sentence with its links, emphasis and inline spans — and is kept
 * whole or dropped whole, never cut.
 */
export interface InlineRun {
  /** The block whose children make up the run. */
  parent: Element;
  /** Consecutive child nodes of `parent` (text and inline elements), in order. */
  nodes: Node[];
}

/** The tags whose element inside an inline one makes it break the flow (see `breaksFlow`). */
const flowBlockTags = new Set(
  (
    'address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer form h1 h2 h3 ' +
    'h4 h5 h6 header hr li main nav ol p pre section table tr td th ul'
  ).split(' '),
);

/**
 * Whether a node ends a run: a block element, or an inline element wrapping blocks (a card link).
 * `memo` keeps each element's answer for a walk that asks it of every level of a tree it does not
 * change, so a chain of inline elements hundreds deep (spans around spans around a paragraph) is
 * walked once rather than once a level (see `flowBreaker`).
 */
export function breaksFlow(node: Node, memo?: Map<Element, boolean>): boolean {
  return isElement(node) && (isBlock(node) || holdsBlock(node, memo));
}

/**
 * Whether an element holds one of `flowBlockTags` anywhere below it, in one walk that stops at the
 * first. Recursion is safe: the tree stops nesting at 512 levels.
 */
function holdsBlock(element: Element, memo?: Map<Element, boolean>): boolean {
  const known = memo?.get(element);
  if (known !== undefined) return known;
  let found = false;
  for (let child = element.firstChild; child !== null && !found; child = child.nextSibling)
    found = isElement(child) && (flowBlockTags.has(tagOf(child)) || holdsBlock(child, memo));
  memo?.set(element, found);
  return found;
}

/** `breaksFlow` with one memo, for a walk that asks it of every level of a tree it does not change. */
export function flowBreaker(): (node: Node) => boolean {
  const memo = new Map<Element, boolean>();
  return (node) => breaksFlow(node, memo);
}

/** Every run under the roots (roots included), in document order. */
export function inlineRunsOf(roots: Element[]): InlineRun[] {
  const runs: InlineRun[] = [];
  const breaksFlow = flowBreaker();
  const visit = (parent: Element) => {
    let nodes: Node[] = [];
    const flush = () => {
      if (nodes.length === 0) return;
      runs.push({ parent, nodes });
      nodes = [];
    };
    // The walk changes nothing, so it follows the siblings rather than a copy of them.
    for (let node = parent.firstChild; node !== null; node = node.nextSibling) {
      if (breaksFlow(node)) {
        flush();
        visit(node as Element);
      } else if (isText(node) || isElement(node)) nodes.push(node);
    }
    flush();
  };
  for (const root of roots) {
    if (breaksFlow(root)) visit(root);
    else runs.push({ parent: root.parentElement ?? root, nodes: [root] });
  }
  return runs;
}

/** The run that holds `element`, an inline element; `undefined` when it stands for a block itself. */
export function runOf(element: Element): InlineRun | undefined {
  let child: Element = element;
  let parent = element.parentElement;
  while (parent && !breaksFlow(parent)) {
    child = parent;
    parent = parent.parentElement;
  }
  if (!parent) return undefined;
  const siblings = parent.childNodes;
  const at = siblings.indexOf(child);
  let start = at;
  let end = at;
  while (start > 0 && !breaksFlow(siblings[start - 1]!)) start--;
  while (end < siblings.length - 1 && !breaksFlow(siblings[end + 1]!)) end++;
  return { parent, nodes: siblings.slice(start, end + 1) };
}

/** Text of a run's nodes. */
export function runText(run: InlineRun): string {
  return run.nodes.map((node) => node.textContent).join('');
}

/** Letters and digits in `text`: what a run says, without its spaces and punctuation. */
export function wordCharacters(text: string): number {
  // ASCII text (most of it) is counted by character codes: its letters and digits are A–Z, a–z, 0–9.
  let ascii = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return unicodeWordCharacters(text);
    const lower = code | 0x20;
    if ((code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x7a)) ascii++;
  }
  return ascii;
}

function unicodeWordCharacters(text: string): number {
  // Each code point counted once, by a table of what each UTF-16 unit of the Basic Multilingual
  // Plane is, filled as units are met; a letter beyond it (two units) is asked of the pattern. A lone
  // surrogate is no letter.
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) {
      let kind = UNIT_KINDS[code]!;
      if (kind === UNKNOWN) {
        kind = WORD_CHARACTER.test(String.fromCharCode(code)) ? WORD : NOT_WORD;
        UNIT_KINDS[code] = kind;
      }
      if (kind === WORD) count++;
    } else if (code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        if (WORD_CHARACTER.test(text.slice(index, index + 2))) count++;
        index++;
      }
    }
  }
  return count;
}

/** One code point that is a letter or digit. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
const UNKNOWN = 0;
const WORD = 1;
const NOT_WORD = 2;
/** What each UTF-16 unit outside the surrogates is (`WORD`, `NOT_WORD`), `UNKNOWN` until met. */
const UNIT_KINDS = new Uint8Array(0x10000);

/** Below this many letters and digits, what a sentence keeps without its marked parts is nothing. */
const LEFTOVER_MIN = 3;
/** Below this share of its letters and digits, what is left of a sentence is its punctuation. */
const LEFTOVER_MIN_SHARE = 0.15;

/**
 * Removes inline elements marked as boilerplate the only way that loses no words: with the whole
 * run they sit in when they are nearly all of it ("Tags: <a>…</a>, <a>…</a>", a credit line), and
 * not at all when the run says something without them (a link in the middle of a sentence).
 */
export function removeSentences(marked: Set<Element>): void {
  const decided = new Set<Node>();
  for (const element of marked) {
    const run = runOf(element);
    if (!run) {
      element.remove();
      continue;
    }
    const first = run.nodes[0]!;
    if (decided.has(first)) continue;
    decided.add(first);
    const total = wordCharacters(runText(run));
    let removed = 0;
    for (const other of marked) {
      if (run.nodes.some((node) => node === other || node.contains(other)))
        removed += wordCharacters(other.textContent);
    }
    const left = total - removed;
    if (left < LEFTOVER_MIN || left < total * LEFTOVER_MIN_SHARE) {
      for (const node of run.nodes) node.parentNode?.removeChild(node);
    }
  }
}
