import { descendantsOf } from './dom.js';
import type { Element } from './tree/index.js';

/** The page's footer: the landmark, by tag or ARIA role. */
const footerSelector = 'footer, [role="contentinfo"]';

/** What a footer holding these is part of the content, not the page's footer. */
const contentSelector = 'article, main, [role="main"]';

/**
 * Takes the blocks of the page's footer out of the running for main content. The cleaning keeps a
 * footer that holds much of the page's text (a wrapper of the whole page may be one), and a shop's
 * or insurer's footer can then be its longest prose: legal footnotes and disclosures. A footer
 * inside an article or the main landmark is the content's own (a story's notes), and one holding
 * the page's headline or main landmark is a wrapper of the page: both stay candidates. Linear: each
 * outermost footer's blocks are visited once.
 */
export function dropFooterCandidates(root: Element, scores: Map<Element, number>): void {
  for (const footer of pageFootersOf(root)) {
    scores.delete(footer);
    for (const element of descendantsOf(footer)) scores.delete(element);
  }
}

/**
 * The page's outermost footers that are not the content's own: not inside an article or the main
 * landmark, and holding neither the page's headline nor its main landmark.
 */
export function pageFootersOf(root: Element): Element[] {
  const footers = root.querySelectorAll(footerSelector);
  if (footers.length === 0) return [];
  const headline = root.querySelector(`h1, ${contentSelector}`);
  return footers.filter(
    (footer) =>
      !footer.parentElement?.closest(footerSelector) &&
      !footer.closest(contentSelector) &&
      !(headline && footer.contains(headline)),
  );
}
