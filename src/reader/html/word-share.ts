/** Lower-cased words (letters and digits) of a text, each once. */
export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Share of `part`'s words found in `whole` (0 when `part` has none). */
export function shareIn(part: Set<string>, whole: Set<string>): number {
  if (part.size === 0) return 0;
  let found = 0;
  for (const word of part) if (whole.has(word)) found++;
  return found / part.size;
}
