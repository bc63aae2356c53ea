import { pageFootersOf } from './page-footer.js';
import type { Element } from './tree/index.js';

/** The rest of the chosen content must hold at least this many characters for its footer to go. */
const REST_MIN_LENGTH = 200;

/**
 * Takes the page's footer out of the chosen content. The cleaning keeps a footer holding much of
 * the page's text (a wrapper of the whole page may be one), and when the content chosen is a
 * wrapper of the page, or the footer joins it as a sibling that reads like prose, the page's legal
 * notes, link columns and sign-up forms come with it. A footer that is not the content's own (see
 * `pageFootersOf`) is, by its markup, about the page, not part of it; it stays only when the rest
 * of the chosen content is next to nothing (then the footer may be all the page has).
 */
export function withoutPageFooter(chosen: Element[], root: Element): Element[] {
  const footers = pageFootersOf(root).filter((footer) => chosen.some((element) => element.contains(footer)));
  if (footers.length === 0) return chosen;
  const lengthOf = (elements: Element[]) =>
    elements.reduce((sum, element) => sum + element.textContent.replace(/\s+/g, ' ').trim().length, 0);
  if (lengthOf(chosen) - lengthOf(footers) < REST_MIN_LENGTH) return chosen;
  const footerSet = new Set(footers);
  for (const footer of footers) if (!chosen.includes(footer)) footer.remove();
  return chosen.filter((element) => !footerSet.has(element));
}
