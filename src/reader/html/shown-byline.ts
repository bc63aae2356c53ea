import { parseDate } from '../../shared/index.js';
import { BESIDE_HEADLINE, linesAfter, UNSHOWN } from './after-headline.js';
import { bylineOf, bylineOpener, framedOpener, openerAlone } from './byline.js';
import { bylineTextOf, readsAsName } from './byline-marks.js';
import { normalizeSpace } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * The byline a page shows beside its headline (`headlineOf`), for a page whose JSON-LD, meta tags
 * and author marks name no one: the first line within `BESIDE_HEADLINE` characters after the
 * headline that reads as a byline — "By" and names, perhaps with a date after them ("By Summer Swann
 * - June 12, 2025"), as `bylineOf` reads the first lines of a story, or more after them
 * (`openedByline`); or the line after an opener standing alone ("Written by" above "Edzel Tabing").
 * Undefined when none does.
 */
export function shownBylineOf(headline: Element | undefined): string | undefined {
  if (!headline) return undefined;
  let read = 0;
  let opener = '';
  for (const line of linesAfter(headline, NO_BYLINE_IN)) {
    const value = normalizeSpace(line);
    if (value === '') continue;
    read += value.length;
    if (read > BESIDE_HEADLINE) return undefined;
    const author =
      bylineOf(`${opener}${value}`, undefined) ??
      openedByline(`${opener}${value}`) ??
      openedByline(afterLeadingDate(value));
    if (author !== undefined) return author;
    // "Written by" set apart from the name it introduces, a line of its own.
    opener = openerAlone.test(value) ? 'By ' : '';
  }
  return undefined;
}

/**
 * Where no byline is: what is never shown, and a page's controls and menus, whose "Sort by" above
 * "Relevance" reads like "Written by" above a name.
 */
const NO_BYLINE_IN: ReadonlySet<string> = new Set([
  ...UNSHOWN,
  'nav',
  'menu',
  'select',
  'option',
  'button',
  'label',
  'summary',
]);

/** A line opening with "By", "By:" or "Written by:". */
const OPENED = new RegExp(`^${framedOpener}\\s*:\\s|${bylineOpener.source}`, 'iu');

/**
 * The name a line opening with "By" (`OPENED`) gives when more than a date follows it
 * ("By Jayesh Shinde | Updated on 19-Dec-2025", "by Amanda · Dec 20, 2025 at 3:00 am · One comment",
 * "by: Ziyi Xu, Dec 17, 2025", "by jsteinhardt"): the text past the opener up to a date, a time or a
 * separator, as an author mark's text is read (`bylineTextOf`), when it reads as a name of at most
 * five words that starts with a capital letter or is one word (a handle). "By the numbers" is none.
 */
function openedByline(line: string): string | undefined {
  if (!OPENED.test(line)) return undefined;
  const name = bylineTextOf(line)
    .split(/\s*[|·•⋅—–]\s*|\s+-\s+/)[0]!
    .replace(/[\s,]+$/, '');
  const words = name.split(/\s+/);
  // A label is no name ("Sort by: View:").
  if (words.length > 5 || name.length > 60 || name.endsWith(':') || !readsAsName(name)) return undefined;
  return /^\p{Lu}/u.test(name) || words.length === 1 ? name : undefined;
}

/**
 * The rest of a line that starts with a date before its "By" ("September 1st, 2023 By Emily
 * Norwood", "Feb 6, 2025 · By Ann Lee"), from the opener on; '' when it does not.
 */
function afterLeadingDate(line: string): string {
  for (const space of line.matchAll(/\s+/g)) {
    const rest = line.slice(space.index + space[0].length);
    if (!OPENED.test(rest)) continue;
    const date = line.slice(0, space.index).replace(/[\s,|·•⋅—–-]+$/u, '');
    return date !== '' && parseDate(date) !== undefined ? rest : '';
  }
  return '';
}
