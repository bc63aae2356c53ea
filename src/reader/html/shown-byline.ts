import { BESIDE_HEADLINE, linesAfter, UNSHOWN } from './after-headline.js';
import { bylineOf, framedOpener } from './byline.js';
import { normalizeSpace } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * The byline a page shows beside its headline, for a page whose JSON-LD, meta tags and author marks
 * name no one: the first line within `BESIDE_HEADLINE` characters after the page's headline (`headlineOf`) that
 * reads as a byline — "By" and names, perhaps with a date after them ("By Summer Swann - June 12,
 * 2025"), as `bylineOf` reads the first lines of a story; or the line after an opener standing
 * alone ("Written by" above "Edzel Tabing"). Undefined when none does.
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
    const author = bylineOf(`${opener}${value}`, undefined);
    if (author !== undefined) return author;
    // "Written by" set apart from the name it introduces, a line of its own.
    opener = OPENER_ALONE.test(value) ? 'By ' : '';
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

/** A line that is a byline's opener and nothing else: "By", "Written by", "Posted by:". */
const OPENER_ALONE = new RegExp(`^${framedOpener}\\s*:?$`, 'iu');
