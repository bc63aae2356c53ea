import { headlineOf } from './after-headline.js';
import { normalizeSpace } from './dom.js';
import type { Document } from './tree/index.js';

/** An `<h1>` this long or longer is no headline (a page that sets its first paragraph in one). */
const HEADLINE_MAX_LENGTH = 200;
/** The share of each one's words the other must hold for a headline to restate a title. */
const RESTATED_SHARE = 0.5;

/**
 * The title a page shows: its first `<h1>` when that restates the title the page states (each holds
 * at least half the other's words of three letters or more) in other words — the headline a reader
 * sees, without the site's name or a search engine's wording ("Mozilla - Wikipedia" shows "Mozilla",
 * "Seven secrets that hotel owners don't want you to know" shows "The seven secrets…"). Undefined
 * when the page has no such `<h1>`, or it reads as the stated title already.
 */
export function shownTitleOf(document: Document, stated: string): string | undefined {
  const headline = headlineOf(document);
  if (!headline) return undefined;
  const shown = normalizeSpace(headline.textContent);
  if (shown === '' || shown.length >= HEADLINE_MAX_LENGTH || shown === stated) return undefined;
  const shownWords = wordsOf(shown);
  const statedWords = wordsOf(stated);
  if (shownWords.size === 0 || statedWords.size === 0) return undefined;
  let shared = 0;
  for (const word of shownWords) if (statedWords.has(word)) shared++;
  const restates = shared >= RESTATED_SHARE * shownWords.size && shared >= RESTATED_SHARE * statedWords.size;
  return restates ? shown : undefined;
}

/** A text's words of three letters or digits or more, lower-cased. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}
