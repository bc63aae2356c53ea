/**
 * Control characters a terminal would act on: C0 (but tab and newline), DEL, C1, and the bidi
 * overrides and isolates that reorder what is shown (Trojan Source).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_OR_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `␛` for ESC, `␊` for a newline (the Control Pictures block), `<U+202E>` beyond it. */
function picture(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * Untrusted text (file names, file text, page text) made safe to print on a terminal: escape
 * sequences (colours, titles, cursor moves) shown as visible characters instead of acted on.
 * `line`: one line of output (a name), so newlines and tabs are made visible too; else newlines and
 * tabs are kept.
 */
export function visibleText(text: string, options: { line?: boolean } = {}): string {
  return text.replace(options.line ? CONTROL_OR_LINE : CONTROL, picture);
}
