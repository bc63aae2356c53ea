import { isScreenReaderOnly } from './boilerplate.js';
import { classTokensOf } from './class-names.js';
import { type ClassTokenReadings, readClassTokens } from './token-readings.js';
import type { Element } from './tree/index.js';

/**
 * A block a class hides. CSS frameworks name their `display: none` utility `hide`, `hidden`,
 * `is-hidden` or `u-hide` (Bootstrap, Foundation, Bulma); a page's scripts drop the class when the
 * block is wanted (a product's raw custom fields, a forgotten-password form, a sale note). Cleaning
 * reads those words as boilerplate, which a block holding a fifth of the page outweighs: a hidden
 * template list is then the product page's text. Read as hiding, such a block goes unless it holds
 * most of the page or its headline (a theme or app hiding the whole page until its scripts run:
 * `<div id="rt-transition" class="rt-hidden">` around the headline and the story). Tokens that hide a part of
 * the block or hide it on small screens only are read as before (`token-readings.ts`, `class-names.ts`),
 * and look-alike siblings a page hides as tabs are shown first (`hidden-look-alikes.ts`).
 */

/** Which class tokens hide a block, and how much of the page a hidden block may hold and still go. */
export interface HidingClassLimits {
  /**
   * `whole`: the token is the hiding word alone or after a short namespace (`hide`, `is-hidden`,
   * `u-hide`, `js-hidden`); `word`: a word of the token is (`hidden-on-desktop`, `mfp-hide`).
   */
  tokens: 'whole' | 'word';
  /** Share of the page's text (0–1) past which a hidden block stays: a page hidden until scripts run. */
  largestShare: number;
  /** A hidden block holding an `<h1>` stays: the page's headline with it, hidden until scripts run. */
  headlineStays: boolean;
}

/** The shipped limits (see `ReaderSwitches.hidingClasses`). */
export const HIDING_CLASS_LIMITS: HidingClassLimits = {
  tokens: 'whole',
  largestShare: 0.8,
  headlineStays: true,
};

const wholeHidingToken = /^(?:[a-z]{1,2}[-_]|is[-_]|js[-_])?(?:hide|hidden)$/;
/** A class token one of whose words is the hiding word (`hidden-sz3upx`, `mfp-hide`). */
export const hidingWord = /(?:^|[-_])(?:hide|hidden)(?:$|[-_])/;

/**
 * Whether an element's class hides it (screen-reader text is read, not hidden) and, with
 * `headlineStays`, it holds no `<h1>`.
 */
export function isHiddenByClass(
  element: Element,
  limits: HidingClassLimits,
  readings: ClassTokenReadings | false,
): boolean {
  const className = element.getAttribute('class');
  if (className === null || !/hid/i.test(className)) return false;
  const tokens =
    readings === false ? classTokensOf(element) : readClassTokens(classTokensOf(element), readings);
  const pattern = limits.tokens === 'whole' ? wholeHidingToken : hidingWord;
  if (!tokens.some((token) => pattern.test(token)) || isScreenReaderOnly(element)) return false;
  return !limits.headlineStays || element.querySelector('h1') === null;
}
