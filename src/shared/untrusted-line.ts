/** Control characters and line or paragraph separators: none stays in a one-line value. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;

/**
 * Untrusted text (a page title, a snippet, a model's rejected reply) as one line without angle brackets,
 * so that it can neither open nor close a block of the prompt it is placed in. `maxChars` bounds what is
 * kept after escaping. The research prompts reach it through `escapeUntrusted`; modules below them (the
 * model layer's retry prompt) call it directly.
 */
export function untrustedLine(text: string, maxChars?: number): string {
  const escaped = text.replace(CONTROL, ' ').replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();
  return maxChars === undefined ? escaped : escaped.slice(0, maxChars);
}
