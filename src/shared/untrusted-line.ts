/** Control characters and line or paragraph separators: none stays in a one-line value. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;

/**
 * What the escaping would change: a control character or bracket, or whitespace other than single
 * spaces between other characters (`trim` and `\s` know the same whitespace). Most titles, snippets
 * and URLs have none, and a prompt escapes hundreds of them: one search instead of four passes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CHANGES = /[\u0000-\u001f\u007f\u0085\u2028\u2029<>]|[^\S ]| {2}|^ | $/;

/**
 * Untrusted text (a page title, a snippet, a model's rejected reply) as one line without angle brackets,
 * so that it can neither open nor close a block of the prompt it is placed in. `maxChars` bounds what is
 * kept after escaping. The research prompts reach it through `escapeUntrusted`; modules below them (the
 * model layer's retry prompt) call it directly.
 */
export function untrustedLine(text: string, maxChars?: number): string {
  const escaped = !CHANGES.test(text)
    ? text
    : text.replace(CONTROL, ' ').replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();
  return maxChars === undefined ? escaped : escaped.slice(0, maxChars);
}
