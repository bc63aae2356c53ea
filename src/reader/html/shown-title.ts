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

/** What stands between a title and a part of it that names the site. */
const TITLE_PART_SEPARATOR = /\s[|\-–—·•]\s/g;

/**
 * The title without a last part that names the site it is on — a part set off by `|`, `-`, `–`,
 * `—`, `·` or `•` whose every word the page's host name holds ("Best free certificate courses |
 * Alison" on alison.com, "Scalable End-to-End Interpretability — LessWrong" on lesswrong.com, "… |
 * Rust Blog" on blog.rust-lang.org). The rest must keep two words or more; otherwise, or without
 * such a part, the title as it is. A first part naming the site stays: a home page's title is its
 * brand and what it offers ("Talkspace - #1 Rated Online Therapy").
 */
export function titleWithoutSite(title: string, url: string): string {
  const host = hostOf(url);
  const last = [...title.matchAll(TITLE_PART_SEPARATOR)].at(-1);
  if (host === '' || !last) return title;
  const words =
    title
      .slice(last.index + last[0].length)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const before = title.slice(0, last.index).trim();
  const namesSite = words.length > 0 && words.every((word) => host.includes(word));
  return namesSite && before.split(/\s+/).length >= 2 ? before : title;
}

/** The host name of an address, lower-cased, or '' when it has none. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
