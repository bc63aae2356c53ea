import { tokenize } from './text-rank.js';

/**
 * Whitespace runs made one space, trimmed: what `.replace(/\s+/g, ' ').trim()` gives, matching
 * only the runs that change (two or more, or one that is not a space), not every space between
 * words: on page text about a seventh of the time, and no new string when nothing changes.
 */
export function oneLine(text: string): string {
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

/** Lower-cased, whitespace-collapsed form used to spot repeated queries, answers and sub-questions. */
export function normalizeText(text: string): string {
  return oneLine(text.toLowerCase());
}

/** Words of three characters or more, and numbers, lower-cased: what lexical matching compares. */
export function contentWords(text: string): Set<string> {
  return new Set(tokenize(text).filter((word) => word.length >= 3 || /\p{N}/u.test(word)));
}

/** Whether every word of `part` is in `whole` (false for an empty `part`). */
export function wordsWithin(part: ReadonlySet<string>, whole: ReadonlySet<string>): boolean {
  return part.size > 0 && [...part].every((word) => whole.has(word));
}
