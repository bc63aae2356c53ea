import { parseDate } from '../../shared/index.js';
import { isElement, isText, normalizeSpace, tagOf } from './dom.js';
import { elementsByTag } from './page-index.js';
import type { Document, Node } from './tree/index.js';

/**
 * How much text after the headline is read for its dateline, in characters: a dateline sits beside
 * the headline ("By Ann Lee · May 2, 2024", "Updated on July 9, 2025"), not deep in the story.
 */
const DATELINE_WINDOW = 600;
/** A run of text longer than this is prose: a date in it is one the story tells of, not its own. */
const DATELINE_MAX_LENGTH = 100;
/** A page's own date is no earlier than this year (the web's). */
const EARLIEST_YEAR = 1991;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Elements whose text is never shown. */
const UNSHOWN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

/**
 * A date written out with its year: `2025-09-13`, `23.07.2025`, `10/31/2024`, `20 December, 2025`,
 * `15. Mai 2019`, `5 de junio de 2024`, `Dec. 19, 2025`, `2024年6月5日`. The month may be any word:
 * `parseDate` knows which words are months, in the languages it reads.
 */
const WRITTEN_DATE = new RegExp(
  [
    '\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b',
    '\\b\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{4}\\b',
    '\\b\\d{1,2}/\\d{1,2}/\\d{4}\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:de\\s+)?\\p{L}{3,12}\\.?,?\\s+(?:de\\s+)?\\d{4}\\b',
    '\\p{L}{3,12}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b',
    '\\d{4}年\\d{1,2}月\\d{1,2}日',
  ].join('|'),
  'gu',
);

/**
 * The date a page shows beside its headline, for a page whose meta tags, JSON-LD and `<time>` state
 * none: the first date written out with its year in a short run of text (a dateline, not a sentence
 * of the story) within `DATELINE_WINDOW` characters after the page's first `<h1>`. A date before
 * 1991 or after tomorrow is none. ISO 8601 at the day's midnight in UTC, or undefined.
 */
export function shownDateOf(document: Document, now: Date = new Date()): string | undefined {
  const headline = elementsByTag(document, 'h1')[0];
  if (!headline) return undefined;
  let read = 0;
  for (const text of textsAfter(headline)) {
    const value = normalizeSpace(text);
    read += value.length;
    if (read > DATELINE_WINDOW) return undefined;
    if (value.length > DATELINE_MAX_LENGTH) continue;
    for (const match of value.matchAll(WRITTEN_DATE)) {
      const date = parseDate(match[0], { now });
      if (date && date.getUTCFullYear() >= EARLIEST_YEAR && date.getTime() <= now.getTime() + DAY_MS)
        return date.toISOString();
    }
  }
  return undefined;
}

/** The shown texts after `start` and all it holds, in document order. */
function* textsAfter(start: Node): Generator<string> {
  let node: Node | null = nextOutside(start);
  while (node) {
    if (isText(node)) yield node.data;
    const descend = isElement(node) && !UNSHOWN.has(tagOf(node)) && node.firstChild;
    node = descend || nextOutside(node);
  }
}

/** The node after `node` and everything it holds. */
function nextOutside(node: Node): Node | null {
  for (let current: Node | null = node; current; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}
