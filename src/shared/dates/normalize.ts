/**
 * A date's text as the word tables are written: lower-case, single spaces, and Latin letters
 * without their accents ("Février" → "fevrier", "días" → "dias"). Other scripts keep theirs (a
 * Cyrillic "й" or a Japanese "ゲ" stays whole).
 */
export function normalizeDateText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` escaped for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
