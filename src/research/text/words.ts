import { tokenize } from './text-rank.js';

/** Lower-cased, whitespace-collapsed form used to spot repeated queries, answers and sub-questions. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words of three characters or more, and numbers, lower-cased: what lexical matching compares. */
export function contentWords(text: string): Set<string> {
  return new Set(tokenize(text).filter((word) => word.length >= 3 || /\p{N}/u.test(word)));
}

/** Whether every word of `part` is in `whole` (false for an empty `part`). */
export function wordsWithin(part: ReadonlySet<string>, whole: ReadonlySet<string>): boolean {
  return part.size > 0 && [...part].every((word) => whole.has(word));
}
