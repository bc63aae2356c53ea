/** The characters of Windows-1252 above Latin-1's range, which PDF's built-in fonts also hold. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Typographic characters outside Windows-1252 and their nearest plain form. */
const NEAREST: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2032': "'",
  '\u2033': '"',
};

/**
 * Text a built-in PDF font can draw: Windows-1252 characters as they are, a few typographic ones
 * as their plain form, and every other character (other scripts, emoji) as `?`, so nothing prints
 * as a wrong glyph. Used only when no Unicode font is installed.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character)) out += character;
    else out += NEAREST[character] ?? '?';
  }
  return out;
}
