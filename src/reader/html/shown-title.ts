import { shareIn } from './word-share.js';

/** An `<h1>` this long or longer is no headline (a page that sets its first paragraph in one). */
const HEADLINE_MAX_LENGTH = 200;
/** The share of each one's words the other must hold for a headline to restate a title. */
const RESTATED_SHARE = 0.5;

/**
 * The title a page shows: its first `<h1>`'s text (`heading`, spaces collapsed) when that restates
 * the title the page states (each holds at least half the other's words of three letters or more) in
 * other words — the headline a reader sees, without the site's name or a search engine's wording
 * ("Mozilla - Wikipedia" shows "Mozilla", "Seven secrets that hotel owners don't want you to know"
 * shows "The seven secrets…"). Undefined when the page has no such `<h1>`, or it reads as the stated
 * title already.
 */
export function shownTitleOf(heading: string, stated: string): string | undefined {
  return heading !== stated && restatesTitle(heading, stated) ? heading : undefined;
}

/**
 * Whether a heading's text (spaces collapsed) restates the title the page states: the same, or
 * each holds at least half the other's words of three letters or more; under 200 characters.
 */
export function restatesTitle(heading: string, stated: string): boolean {
  if (heading === '' || heading.length >= HEADLINE_MAX_LENGTH) return false;
  if (heading === stated) return true;
  const headingWords = wordsOf(heading);
  const statedWords = wordsOf(stated);
  return (
    shareIn(headingWords, statedWords) >= RESTATED_SHARE &&
    shareIn(statedWords, headingWords) >= RESTATED_SHARE
  );
}

/** A text's words of three letters or digits or more, lower-cased. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}
