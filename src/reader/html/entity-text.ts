import { parseHtml } from './tree/index.js';

/**
 * A character reference ended by its semicolon: named (`&uuml;`), decimal (`&#39;`) or hexadecimal
 * (`&#x27;`). An ampersand in a web address (`?w=640&h=480`) starts none, so such a text is not parsed.
 */
const CHARACTER_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

/**
 * A text read from the page's markup with the character references it still holds decoded. A
 * script's text is never decoded by the parser, so a CMS that escapes its JSON-LD for HTML
 * (`How to Create &#038; Market`) leaves references in every string; a meta tag escaped twice
 * (`content="F&amp;uuml;r"`) keeps one level after parsing. Readers and browsers' reader views show
 * such metadata decoded (Readability unescapes its title, byline and excerpt alike). Decoded as an
 * attribute value is, by the same parser that read the page: a name followed by a letter, a digit
 * or `=` stays as written (`AT&T`, `?a=1&b=2`), so only what reads as a reference changes. A text
 * holding no reference ended by its semicolon is returned as it is.
 */
export function withEntitiesDecoded(text: string): string {
  if (!CHARACTER_REFERENCE.test(text)) return text;
  // The one element of the fragment is its document element: no selector to compile.
  const element = parseHtml(`<i title="${text.replace(/"/g, '&quot;')}"></i>`).documentElement;
  return element?.getAttribute('title') ?? text;
}
