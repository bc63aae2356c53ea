import { isElement, isText, tagOf } from './dom.js';
import { type InlineRun, inlineRunsOf, runText, wordCharacters } from './runs.js';
import type { Element, Node } from './tree/index.js';

/*
 * The heading that repeats the page's title, ahead of the story's first prose, is the story's
 * headline: the reader reports it as the page's title (`metadata.title`), and what stands ahead of
 * it (a breadcrumb, a kicker, a section label) is the page's head. Readability drops a heading that
 * duplicates the title too. Chosen on training folds by site (`bench/reader-folds.ts --variants
 * heads`), never on the fold it is scored on.
 */

/** What goes at the heading that repeats the title (see `dropAtTitleHeading`). */
export interface TitleHeadingLimits {
  /** Whether the heading itself goes (the title is reported apart from the text). */
  heading: boolean;
  /** Whether the runs ahead of it go (the page's head: a breadcrumb, a kicker, a section label). */
  before: boolean;
  /** At least this share of the heading's words are the title's, and of the title's the heading's. */
  overlap: number;
}

/** What the reader uses (see `TitleHeadingLimits`). */
export const TITLE_HEADING_LIMITS: TitleHeadingLimits = { heading: false, before: true, overlap: 0.8 };

/** A run with at least this many letters and digits, at most half of them in links, is prose. */
const PROSE_LETTERS = 80;
const PROSE_MAX_LINK_SHARE = 0.5;

const headingTags = new Set(['h1', 'h2', 'h3']);

/**
 * Removes, ahead of the content's first run of prose, the last heading whose words are the page's
 * title's (and the title's words its own), and with `before` every run ahead of it. Runs go whole,
 * so no sentence loses words. Nothing goes when no such heading leads the prose.
 */
export function dropAtTitleHeading(content: Element[], title: string, limits: TitleHeadingLimits): void {
  const repeatsTitle = titleRepeatTest(title, limits.overlap);
  if (!repeatsTitle) return;
  const runs = inlineRunsOf(content);
  let heading = -1;
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index]!;
    const text = runText(run);
    if (isProse(run, text)) break;
    if (headingTags.has(tagOf(run.parent)) && repeatsTitle(text)) heading = index;
  }
  if (heading === -1) return;
  const headline = runs[heading]!;
  const gone = [...(limits.before ? runs.slice(0, heading) : []), ...(limits.heading ? [headline] : [])];
  for (const run of gone) for (const node of run.nodes) node.parentNode?.removeChild(node);
}

/**
 * A test of whether a heading's words are (nearly all, `overlap` of them) the title's, and the
 * title's the heading's; undefined for a title of fewer than two words, which no heading repeats.
 */
function titleRepeatTest(title: string, overlap: number): ((heading: string) => boolean) | undefined {
  const titleWords = wordsOf(title);
  if (titleWords.length < 2) return undefined;
  const titleSet = new Set(titleWords);
  return (heading) => {
    const words = wordsOf(heading);
    if (words.length === 0) return false;
    const shared = words.filter((word) => titleSet.has(word)).length;
    const headingSet = new Set(words);
    const covered = titleWords.filter((word) => headingSet.has(word)).length;
    return shared >= words.length * overlap && covered >= titleWords.length * overlap;
  };
}

function isProse(run: InlineRun, text: string): boolean {
  const letters = wordCharacters(text);
  if (letters < PROSE_LETTERS) return false;
  let linkLetters = 0;
  for (const node of run.nodes) {
    if (!isElement(node)) continue;
    const links = tagOf(node) === 'a' ? [node] : node.querySelectorAll('a[href]');
    for (const link of links) linkLetters += wordCharacters(link.textContent);
  }
  return linkLetters <= letters * PROSE_MAX_LINK_SHARE;
}

/**
 * The story's headline: the first `<h1>` whose words are the page's title's (and the title's its
 * own), with every element holding it; empty when no `<h1>` repeats a title of two words or more.
 */
export function headlineHoldersOf(h1s: readonly Element[], title: string, overlap: number): Set<Element> {
  const repeatsTitle = titleRepeatTest(title, overlap);
  const holders = new Set<Element>();
  if (!repeatsTitle) return holders;
  const headline = h1s.find((h1) => {
    const text = shortTextOf(h1);
    return text !== undefined && repeatsTitle(text);
  });
  for (let element = headline ?? null; element !== null; element = element.parentElement)
    holders.add(element);
  return holders;
}

/** A headline's most characters and nodes: a longer heading is no headline, and is not read whole. */
const HEADLINE_CHARACTERS = 500;
const HEADLINE_NODES = 200;

/**
 * The element's text, or undefined past `HEADLINE_CHARACTERS` or `HEADLINE_NODES`: a hostile page's
 * hundreds of nested `<h1>`s around a long text cost each a bounded read, not the text again.
 */
export function shortTextOf(element: Element): string | undefined {
  let text = '';
  let nodes = 0;
  const stack: Node[] = [];
  const pushChildren = (parent: Node) => {
    for (let child = parent.lastChild; child !== null; child = child.previousSibling) stack.push(child);
  };
  pushChildren(element);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (++nodes > HEADLINE_NODES) return undefined;
    if (isText(node)) {
      text += node.data;
      if (text.length > HEADLINE_CHARACTERS) return undefined;
    } else if (isElement(node)) pushChildren(node);
  }
  return text;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
