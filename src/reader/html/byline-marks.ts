import { isMarkedComment } from './boilerplate.js';
import { bylineOpener, framedOpener, openerAlone } from './byline.js';
import { normalizeSpace } from './dom.js';
import { elementsByTag } from './page-index.js';
import type { Document, Element } from './tree/index.js';

/**
 * The byline a page marks up, for a page whose JSON-LD and meta tags name no author: the first
 * element marked as a byline (`[rel="author"], [itemprop="author"], .author` or a class naming a
 * byline) whose text reads as a name, outside the comments, narrowed to a mark or a microdata `name`
 * inside it. Undefined when none reads as a name within `MAX_BYLINE_CANDIDATES` marks, or when the
 * name found runs to 100 characters or more.
 */
export function markedBylineOf(document: Document): string | undefined {
  // A marked element may be empty (a `<link rel="author">`), and a comment section may come first
  // in the markup, each comment with its poster's byline. A marked element inside the chosen one, or
  // a microdata `name`, names the author alone (`<span class="byline">by <span class="author">Ann
  // Lee</span></span>`).
  let chosen: { element: Element; text: string } | undefined;
  let looked = 0;
  for (const element of elementsByTag(document, '*')) {
    if (chosen && !chosen.element.contains(element)) break;
    // A schema.org Person's own `name` (`<meta itemprop="name" content="Ann Lee">`) beside the profile
    // link and reputation a marked element also holds.
    if (chosen && /(^|\s)name(\s|$)/.test(element.getAttribute('itemprop') ?? '')) {
      const name = bylineTextOf(element.getAttribute('content') ?? element.textContent);
      if (readsAsName(name)) {
        chosen = { element, text: name };
        break;
      }
    }
    if (!isBylineMarked(element)) continue;
    if (++looked > MAX_BYLINE_CANDIDATES) break;
    if (inComments(element)) continue;
    const named = namedBy(element);
    if (named) chosen = named;
  }
  return chosen && chosen.text.length < 100 ? chosen.text : undefined;
}

/**
 * The name a marked element gives: its own text when that reads as a name, or, when the element is
 * a label alone ("Posted by:"), the text of the element after it (WordPress's author block writes
 * the label and the name as two paragraphs).
 */
function namedBy(element: Element): { element: Element; text: string } | undefined {
  const own = normalizeSpace(element.textContent);
  const text = bylineTextOf(own);
  if (readsAsName(text)) return { element, text };
  const next = element.nextElementSibling;
  if (!(own.endsWith(':') || openerAlone.test(own)) || !next) return undefined;
  const following = bylineTextOf(next.textContent);
  return readsAsName(following) ? { element: next, text: following } : undefined;
}

/**
 * A byline's text without its label ("Author:", "Posted by:") or opener ("By "), and without the
 * date, time or handle it runs into.
 */
export function bylineTextOf(text: string): string {
  return withoutDateline(normalizeSpace(text).replace(bylineLabel, '').replace(bylineOpener, ''));
}

/**
 * A label before a byline's name: a word and a colon ("Author:", "Autor:"), or the opener before a
 * colon, after a word or alone ("Posted by:", "Geschrieben von:", "By:"). Without the colon a word
 * before the opener may be a name's own ("Ursula von der Leyen"), so it stays.
 */
const bylineLabel = new RegExp(`^(?:${framedOpener}|\\p{L}+)\\s*:(?:\\s+|$)`, 'iu');

/** Whether the element sits in a comment or a comment section, by class, id or microdata. */
function inComments(element: Element): boolean {
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (isMarkedComment(ancestor)) return true;
    const names = `${ancestor.getAttribute('class') ?? ''} ${ancestor.getAttribute('id') ?? ''}`;
    if (COMMENT_WORD.test(names)) return true;
  }
  return false;
}

/** A class or id token naming comments (`comment`, `comments-list`, `commentlist`), not commentary. */
const COMMENT_WORD = /(?:^|[\s_-])comment(?!ary|aries|ator)/i;

/**
 * Whether a byline's text holds a name: a word of two letters or more that is neither part of a
 * date or time nor the opener alone ("By"). An initial ("J"), a count, a date or a lone "By" is no
 * byline; "Updated May 2, 2024 Written by Ann Lee" is.
 */
export function readsAsName(text: string): boolean {
  if (openerAlone.test(text.trim())) return false;
  const withoutDate = text.replace(dateWords, ' ').replace(/\s+/g, ' ').trim();
  return NAME_WORD.test(`${withoutDate} `.replace(bylineOpener, ''));
}

/** A word of two letters or more: what a name holds and an initial or a count does not. */
const NAME_WORD = /\p{L}{2}/u;
/** Marked elements read for a byline at most: a page of thousands of `.author` elements is read in part. */
const MAX_BYLINE_CANDIDATES = 50;

/** The word `author` in a list of words. */
const AUTHOR_TOKEN = /(^|\s)author(\s|$)/;

/** Marked as a byline: `rel="author"`, `itemprop="author"`, a class `author` or one naming a byline. */
function isBylineMarked(element: Element): boolean {
  // `rel`, `itemprop` and `class` each hold a list of words (`itemprop="author creator"`).
  const className = element.getAttribute('class');
  return (
    AUTHOR_TOKEN.test(element.getAttribute('rel') ?? '') ||
    AUTHOR_TOKEN.test(element.getAttribute('itemprop') ?? '') ||
    (className !== null && (/byline/i.test(className) || AUTHOR_TOKEN.test(className)))
  );
}

const monthName = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/**
 * The parts of a date or a time: a number with the word beside it ("20 March", "March 20", "8.
 * November", "2:54pm"), and "updated", "published", am and pm. No month names are listed: a word
 * is part of a date when a number stands next to it, a space apart before it (a handle runs its
 * digits on: "LingoLover94"), or after "de" as Spanish and Portuguese write dates ("6 de mayo de 2022").
 */
const dateWords =
  /\p{L}+\.?,?\s+(?:de\s+)?(?=\d)|\d+(?:[.:,/-]\d+)*\.?\s*(?:\p{L}+)?|\b(?:updated|published|[ap]\.?m\.?)(?![\p{L}])/giu;
/** Where the date, time or handle that bylines often run into begins ("Ann Lee March 9, 2017"). */
const datelineStart = new RegExp(
  `(?:${monthName}\\s+\\d{1,2}\\b|\\d{1,2}\\.?\\s+${monthName}(?:\\s|$)|\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}|\\b\\d+\\s*(?:h|min|hours?|days?)\\b|\\b\\d{1,2}:\\d{2}\\b|\\b(?:updated|published)\\b|@\\w)`,
  'i',
);

/** A byline without the date, time or handle that follows the name in the same element. */
function withoutDateline(byline: string): string {
  const start = byline.search(datelineStart);
  // A short lower-case word the date followed is left dangling ("Ann Lee at 18:52", "Bo2man am 3.5.").
  const name = start === -1 ? byline : byline.slice(0, start).replace(/\s\p{Ll}{1,3}\s*$/u, '');
  const trimmed = name.replace(/[\s—–|•·,-]+$/, '');
  return trimmed === '' ? byline.replace(/[\s—–|•·,-]+$/, '') : trimmed;
}
