/**
 * How a class token is built, read before the boilerplate patterns look for a word in it. A pattern
 * finds `paywall`, `skip` or `hide` wherever a word of a token starts with it; three ways of building
 * a token make that word say something else, whatever the site:
 * - a negating word (`non`, `no`, `not`) says the block is NOT what the next word names:
 *   `non-paywall` is the free part of a story, `no-promo` a section without a promotion;
 * - a token that begins with a CSS property (`decoration-skip-ink-none`, `whitespace-nowrap`,
 *   `cursor-pointer`) is a style utility: it sets how the block looks, and names nothing;
 * - a hiding word whose object is a part of the box's rendering (`hide-scrollbar`, `scrollbar-hidden`,
 *   `hidden-indents`, `hide-caret`) hides that part, not the block.
 */

/** A negating word and the word it negates, cut from the token (`non-paywall`, `no_overlay`). */
const negated = /(?:^|[-_])(?:non|no|not)[-_]+[a-z0-9]+/g;

/**
 * CSS properties whose name is no noun of page furniture, as a token's first word: a token
 * starting with one is a style utility (`decoration-skip-ink-none`, `outline-none`).
 */
const styleUtility =
  /^(?:decoration|text-decoration|whitespace|white-space|cursor|outline|underline|scrollbar)(?:$|[-_])/;

/** Parts of a box's rendering a hiding word may name: the scrollbar, indents, the caret, the outline. */
const renderedPart = '(?:scrollbars?|indents?|indentation|caret|outline|focus-ring)';
const hidesPart = new RegExp(
  `(?:^|[-_])(?:hide|hidden)[-_]+${renderedPart}(?:$|[-_])|(?:^|[-_])${renderedPart}[-_]+(?:hide|hidden)(?:$|[-_])`,
);

/**
 * The tokens a boilerplate pattern should read, from the tokens as written (lower-cased, see
 * `classTokensOf`): negated words cut out, style utilities and part-hiding tokens left out.
 */
export function readClassTokens(tokens: readonly string[]): readonly string[] {
  const read: string[] = [];
  for (const token of tokens) {
    if (styleUtility.test(token) || hidesPart.test(token)) continue;
    const kept = token.includes('no') ? token.replace(negated, '') : token;
    if (kept !== '') read.push(kept);
  }
  return read;
}
