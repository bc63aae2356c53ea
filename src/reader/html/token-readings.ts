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
 * With `smallScreens`, a fourth: a hiding word with a screen smaller than a desktop's (`hide-tablet`,
 * `l-hidden-s`, `hidden-sm-down`, `hide-for-small-only`, `small-hide`) hides the block there only; the
 * boilerplate patterns already read `hidden-xs`, `hide-mobile` so (`class-names.ts`).
 */

/** Which readings of how a token is built apply, beside the three that always do. */
export interface ClassTokenReadings {
  /** A hiding word with a size below a desktop's, in either order and with `down`/`only`, hides nothing. */
  smallScreens: boolean;
}

/** The readings the reader ships (see `ReaderSwitches.classTokens`). */
export const CLASS_TOKEN_READINGS: ClassTokenReadings = { smallScreens: true };

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

/** Screens smaller than a desktop: one-letter and two-letter sizes, kinds of device, orientations. */
const smallScreen = '(?:xs|s|sm|small|mobile|phone|tablet|portrait|landscape|touch)';
const hidesOnSmallScreens = new RegExp(
  `(?:^|[-_])(?:hide|hidden)[-_]+(?:(?:on|for|in)[-_]+)?${smallScreen}(?:[-_]+(?:down|only))?$|(?:^|[-_])${smallScreen}(?:[-_]+only)?[-_]+(?:hide|hidden)$`,
);

/**
 * The tokens a boilerplate pattern should read, from the tokens as written (lower-cased, see
 * `classTokensOf`): negated words cut out, style utilities, part-hiding tokens and (with
 * `smallScreens`) tokens hiding on small screens left out.
 */
export function readClassTokens(
  tokens: readonly string[],
  readings: ClassTokenReadings = CLASS_TOKEN_READINGS,
): readonly string[] {
  const read: string[] = [];
  for (const token of tokens) {
    if (styleUtility.test(token) || hidesPart.test(token)) continue;
    if (readings.smallScreens && hidesOnSmallScreens.test(token)) continue;
    const kept = token.includes('no') ? token.replace(negated, '') : token;
    if (kept !== '') read.push(kept);
  }
  return read;
}
