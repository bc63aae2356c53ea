import { HEADING_TAGS, isElement, isText, normalizeSpace, SPACE_RUNS, tagOf } from './dom.js';
import { isBlock } from './render.js';
import type { Element, Node } from './tree/index.js';

/*
 * The standfirst the reader adds ahead of a story (`lead.ts`) is the smallest element holding the
 * page's description, which may hold more than the description: the headline above it, a kicker,
 * a dateline, the credit of a picture beside it. Only the description's own text is the story's
 * lead; the rest is the page's head. Chosen on training folds by site (`bench/reader-folds.ts
 * --variants heads`), never on the fold it is scored on.
 */

/** Which blocks of the standfirst's element stay (see `trimStandfirst`). */
export interface StandfirstTrim {
  /** Whether headings stay whatever their text (a story's headline printed beside its lead). */
  keepHeadings: boolean;
}

/** What the reader uses (see `StandfirstTrim`). */
export const STANDFIRST_TRIM: StandfirstTrim = { keepHeadings: false };

/** How many characters open the description: a block holding them holds the description's start. */
const OPENING = 40;

/**
 * Removes from the standfirst's element what holds none of the page's description, block by block
 * and run by run (a stretch of inline content between blocks goes whole or stays whole, so no
 * sentence loses words): what lies inside the description, or opens with a stretch of it, stays;
 * a block that holds the description's opening with more besides is looked into; the rest goes
 * (a kicker, a headline, a dateline, a credit), except after a description cut short ("…"), which
 * goes on in the blocks after it. Linear in the element's size: the texts come from one walk.
 */
export function trimStandfirst(
  lead: Element | undefined,
  description: string | undefined,
  trim: StandfirstTrim = STANDFIRST_TRIM,
): Element | undefined {
  if (lead === undefined) return lead;
  const wanted = (description ?? '').replace(SPACE_RUNS, ' ').trim();
  const factOf = blockFactsUnder(lead);
  const opening = wanted.slice(0, OPENING);
  const cutShort = /(\.\.\.|…)$/.test(wanted);
  // A paragraph the description continues into after its cut (the description's second half).
  const opensWithDescription = (text: string) =>
    text.length >= OPENING && wanted.includes(text.slice(0, OPENING));
  let begun = false;
  /** Keeps or removes one block or run; `look` looks into a block holding the description. */
  const judge = (nodes: Node[], text: string, look?: () => void) => {
    if (text === '') return;
    if (wanted.includes(text)) begun = true;
    else if (text.includes(opening)) {
      look?.();
      begun = true;
    } else if (opensWithDescription(text)) begun = true;
    else if (!(begun && cutShort)) for (const node of nodes) node.parentNode?.removeChild(node);
  };
  const visit = (element: Element) => {
    let run: Node[] = [];
    let runText = '';
    const flush = () => {
      judge(run, normalizeSpace(runText));
      run = [];
      runText = '';
    };
    for (const node of [...element.childNodes]) {
      const fact = isElement(node) ? factOf(node) : undefined;
      if (!isElement(node) || fact === undefined || !fact.block) {
        run.push(node);
        runText += ` ${fact?.text ?? (isText(node) ? node.data : '')}`;
        continue;
      }
      flush();
      if (!(trim.keepHeadings && HEADING_TAGS.has(tagOf(node)))) judge([node], fact.text, () => visit(node));
    }
    flush();
  };
  visit(lead);
  return lead;
}

/** An element's text (white space collapsed, trimmed) and whether it is or holds a block. */
interface BlockFact {
  text: string;
  block: boolean;
}

/**
 * The text and block flag of every element under `root`, from one walk; an element's text is cut
 * from the whole only when asked, so a deep nest costs no copy per level it is not asked about.
 */
function blockFactsUnder(root: Element): (element: Element) => BlockFact | undefined {
  let text = '';
  const ranges = new Map<Element, { start: number; end: number; block: boolean }>();
  const walk = (element: Element): boolean => {
    const start = text.length;
    let block = isBlock(element);
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) text += node.data.replace(SPACE_RUNS, ' ');
      else if (isElement(node)) block = walk(node) || block;
    }
    ranges.set(element, { start, end: text.length, block });
    return block;
  };
  walk(root);
  return (element) => {
    const range = ranges.get(element);
    return range && { text: text.slice(range.start, range.end).trim(), block: range.block };
  };
}
