import { childElementsOf, normalizeSpace } from './dom.js';
import { flowBreaker } from './runs.js';
import { SubtreeFacts } from './subtree-facts.js';
import type { Element } from './tree/index.js';

/** A quote shorter than this (characters) is a phrase picked out, not a post quoted again. */
const QUOTED_POST_MIN_LENGTH = 40;

/**
 * Quotes looked for elsewhere in a thread, at most: each look reads the thread's whole text, so a
 * hostile page of 20,000 quotes took minutes; past this many the rest stay (a thread keeps text).
 */
const MAX_QUOTES_LOOKED_FOR = 256;

/** A block shorter than this (characters) may repeat by chance ("Thanks!", "+1"). */
const REPEATED_BLOCK_MIN_LENGTH = 30;

/**
 * Removes what a thread shows twice: a quote (`<blockquote>`) of text the thread shows elsewhere
 * (a reply quoting a post on the page), and every later copy of a block whose whole text stands
 * earlier in the thread (a poster's signature under each of their posts, a quote set in a plain
 * block, a repeated notice). The first copy of a block stays: it may be the post itself.
 */
export function dropThreadRepeats(content: Element[]): void {
  dropRepeatedQuotes(content);
  dropLaterCopies(content);
}

function dropRepeatedQuotes(content: Element[]): void {
  const whole = content.map((root) => normalizeSpace(root.textContent)).join(' ');
  let looked = 0;
  for (const root of content) {
    for (const quote of root.querySelectorAll('blockquote')) {
      // The outermost quote goes whole; one inside an already removed quote is gone with it.
      if (!root.contains(quote) || quote.parentElement?.closest('blockquote')) continue;
      const text = normalizeSpace(quote.textContent);
      if (text.length < QUOTED_POST_MIN_LENGTH) continue;
      if (looked++ === MAX_QUOTES_LOOKED_FOR) return;
      const first = whole.indexOf(text);
      if (first !== -1 && whole.includes(text, first + 1)) quote.remove();
    }
  }
}

function dropLaterCopies(content: Element[]): void {
  const seen = new Set<string>();
  const later: Element[] = [];
  // The tree does not change until the copies are removed at the end.
  const breaksFlow = flowBreaker();
  for (const root of content) {
    const facts = new SubtreeFacts(root);
    // Only the outermost of blocks with the same text counts: a wrapper and the paragraph it only
    // wraps are one copy.
    const visit = (element: Element, parentRaw: string, parentText: string): void => {
      const raw = facts.textOf(element);
      // An element's text is a stretch of its parent's: as long means the same, so a wrapper
      // (or a chain of 500 of them around a long text) is not normalised once a level.
      const text = raw.length === parentRaw.length ? parentText : normalizeSpace(raw);
      if (text.length < REPEATED_BLOCK_MIN_LENGTH) return;
      if (text !== parentText && breaksFlow(element)) {
        if (seen.has(text)) {
          later.push(element);
          return;
        }
        seen.add(text);
      }
      for (const child of childElementsOf(element)) visit(child, raw, text);
    };
    // The root's text once, not once a child: a thread of thousands of posts made this quadratic.
    const rootRaw = facts.textOf(root);
    const rootText = normalizeSpace(rootRaw);
    for (const child of childElementsOf(root)) visit(child, rootRaw, rootText);
  }
  for (const element of later) element.remove();
}
