import { classShapeOf } from './class-shape.js';
import { isElement, normalizeSpace } from './dom.js';
import { dateLine } from './furniture-lines.js';
import { bylineWords, phrasesOf } from './phrases/index.js';
import { type InlineRun, inlineRunsOf } from './runs.js';
import type { Element, Node } from './tree/index.js';

/** A byline is one short line. */
const BYLINE_MAX_LENGTH = 150;
/** A line this long or longer is the story's prose: a byline comes before it. */
const PROSE_MIN_LENGTH = 150;
/** How many lines at the top of the content may hold the byline (headline, kicker, byline, date). */
const MAX_LEADING_LINES = 5;

/** "By" and its kin, as a pattern's alternatives. */
const openers = phrasesOf(bylineWords).join('|');
/** "By " and its kin at the start of a line. */
export const bylineOpener = new RegExp(`^(?:${openers})\\s+`, 'iu');
/** An opener alone or after a word, as a pattern's source: "By", "Posted by", "Geschrieben von". */
export const framedOpener = `(?:\\p{L}+\\s+)?(?:${openers})`;
/** A byline's opener and nothing else: "By", "Written by", "Posted by:". */
export const openerAlone = new RegExp(`^${framedOpener}\\s*:?$`, 'iu');

/** A capitalised word of a name: `Roe`, `O’Brien`, `J.`. */
const nameWord = "\\p{Lu}[\\p{L}\\p{M}'’.-]*";
/**
 * Names of one to five such words, run together with commas, `&` and short lower-case words (and,
 * und, et; a particle such as `van` reads as one too). Each lower-case word is a joiner, never part
 * of a name, so the pattern has one way to read a line and cannot backtrack for long.
 */
const names = `${nameWord}(?:\\s+${nameWord}){0,4}(?:\\s*(?:,|&|\\p{Ll}{1,3})\\s+${nameWord}(?:\\s+${nameWord}){0,4})*`;
/** Names and nothing else. */
const namesOnly = new RegExp(`^(?:${names})$`, 'u');
/** Where a date may begin after the names: a separator or a space. */
const afterNames = /\s*[,|·•—–/-]?\s+/gu;
/** What may stand between and around names once they are taken out of a line. */
const joiners = /^[\s,&|·•—–/-]*(?:\p{Ll}{1,3}[\s,&|·•—–/-]+)*/u;

/**
 * The author named by a byline-shaped line: "By" and names, perhaps followed by a date; or, when
 * the page's metadata names its authors, a line holding those names and nothing else but a date
 * ("Jane Roe | 3 March 2024"). Undefined for anything else ("By the end of the decade…").
 */
export function bylineOf(line: string, knownAuthors: string | undefined): string | undefined {
  if (line.length > BYLINE_MAX_LENGTH) return undefined;
  const withoutOpener = line.replace(bylineOpener, '');
  if (withoutOpener !== line) {
    const author = namesBeforeDate(withoutOpener);
    if (author !== undefined) return author;
  }
  const authors = (knownAuthors ?? '').split(/\s*,\s*/).filter((name) => name.length >= 3);
  const lower = withoutOpener.toLowerCase();
  const named = authors.filter((name) => lower.includes(name.toLowerCase()));
  if (named.length === 0) return undefined;
  let rest = lower;
  for (const name of named) rest = rest.replace(name.toLowerCase(), ' ');
  return isDateOrNothing(rest.replace(joiners, '').replace(/[\s,|·•—–/-]+$/, ''))
    ? named.join(', ')
    : undefined;
}

/**
 * The names a line starts with when the rest of it is a date or nothing ("Jane Roe, 3 March 2024",
 * "Nathan Willis March 25, 2015": a month is capitalised like a name, so each place the date could
 * begin is tried).
 */
function namesBeforeDate(line: string): string | undefined {
  if (namesOnly.test(line)) return line;
  // The longest names first: a weekday is a word before a date too ("Roe, 3 March 2024").
  for (const gap of [...line.matchAll(afterNames)].reverse()) {
    const head = line.slice(0, gap.index);
    if (namesOnly.test(head) && isDateOrNothing(line.slice(gap.index + gap[0].length))) return head;
  }
  return undefined;
}

function isDateOrNothing(text: string): boolean {
  const rest = text.trim();
  return rest === '' || dateLine.test(rest);
}

/**
 * The content without the story's byline, which reads as the first line of the body otherwise: the
 * first byline-shaped line (see `bylineOf`; `knownAuthors` are the metadata's) among the few short
 * lines before the prose begins, headings aside. A story has one byline: a line in a table's cell,
 * or in an element whose tag and class repeat in the content (its block or a link in it), is the
 * credit of an item of a list. The line goes whole, so no words of a kept line are lost. `author`
 * is the author it names, for a page whose metadata names none.
 */
export function withoutBylineLine(
  content: Element[],
  knownAuthors: string | undefined,
  shaped = false,
): { content: Element[]; author?: string } {
  let lines = 0;
  for (const run of inlineRunsOf(content)) {
    const line = lineOf(run);
    if (line === '') continue;
    if (line.length >= PROSE_MIN_LENGTH || ++lines > MAX_LEADING_LINES) break;
    if (/^h[1-6]$/.test(run.parent.localName)) continue;
    const author = bylineOf(line, knownAuthors);
    if (author === undefined || run.parent.closest('td, th')) continue;
    if ([run.parent, ...run.nodes.filter(isElement)].some((element) => repeatsIn(content, element, shaped)))
      continue;
    for (const node of run.nodes) node.remove();
    // A line that was a block of the content on its own leaves the content with it.
    return { content: content.filter((root) => !run.nodes.includes(root)), author };
  }
  return { content };
}

/** A run's text as one line, a line break (`<br>`) read as a space. */
function lineOf(run: InlineRun): string {
  let text = '';
  const add = (node: Node): void => {
    if (!isElement(node)) text += node.textContent;
    else if (node.localName === 'br') text += ' ';
    else for (let child = node.firstChild; child !== null; child = child.nextSibling) add(child);
  };
  for (const node of run.nodes) add(node);
  return normalizeSpace(text);
}

/** Blocks of one tag and class this many times in the content are the items of a list. */
const REPEATED_BLOCKS = 3;

/**
 * Whether elements of the block's tag and class (it has one; its shape, `shaped`: see
 * `class-shape.ts`) appear often in the content.
 */
function repeatsIn(content: Element[], block: Element, shaped: boolean): boolean {
  if (!block.getAttribute('class')?.trim()) return false;
  const classOf = (element: Element) =>
    shaped ? classShapeOf(element) : element.getAttribute('class')?.trim();
  const className = classOf(block);
  let count = 0;
  for (const root of content)
    for (const element of [root, ...root.querySelectorAll(block.localName)])
      if (element.localName === block.localName && classOf(element) === className)
        if (++count >= REPEATED_BLOCKS) return true;
  return false;
}
