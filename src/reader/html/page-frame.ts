import { pageFootersOf } from './page-footer.js';
import type { Element } from './tree/index.js';

/** Which of the page's frame leave the chosen content: its footer always, its banner when asked. */
export interface PageFrameParts {
  /** The page's banner (its site header) goes too. */
  banner: boolean;
}

/** What the reader ships. */
export const PAGE_FRAME: PageFrameParts = { banner: true };

/** The rest of the chosen content must hold at least this many characters for the frame to go. */
const REST_MIN_LENGTH = 200;

/** Blocks in which a `<header>` is their own (a story's, a card's, a footer's), not the page's banner. */
const sectioningSelector =
  'article, aside, main, nav, section, footer, [role="main"], [role="contentinfo"], header, [role="banner"]';
const bannerSelector = 'header, [role="banner"]';

/**
 * Takes the page's frame — its footer, and its banner — out of the chosen content. The cleaning
 * keeps a footer or header holding much of the page's text (a wrapper of the whole page may be one),
 * and when the content chosen is a wrapper of the page, or the footer joins it as a sibling that
 * reads like prose, the page's legal notes, link columns and sign-up forms come with it. A footer
 * that is not the content's own (see `pageFootersOf`) and a header outside every sectioning block
 * (HTML's banner) are, by their markup, about the site, not this page's content; neither goes when
 * it holds the page's headline or main landmark, nor when the rest of the chosen content is next to
 * nothing (then the frame may be all the page has).
 */
export function withoutPageFrame(chosen: Element[], root: Element, parts: PageFrameParts): Element[] {
  const footers = pageFootersOf(root).filter((footer) => chosen.some((element) => element.contains(footer)));
  const frame = parts.banner ? [...footers, ...chosen.flatMap(bannersIn)] : footers;
  if (frame.length === 0) return chosen;
  const lengthOf = (elements: Element[]) =>
    elements.reduce((sum, element) => sum + element.textContent.replace(/\s+/g, ' ').trim().length, 0);
  if (lengthOf(chosen) - lengthOf(frame) < REST_MIN_LENGTH) return chosen;
  const inFrame = new Set(frame);
  for (const block of frame) if (!chosen.includes(block)) block.remove();
  return chosen.filter((element) => !inFrame.has(element));
}

/**
 * The page's banners in a chosen block: headers outside every sectioning block, holding no headline
 * or main content. One walk that enters neither a banner nor a sectioning block: linear however
 * deep the page nests.
 */
function bannersIn(block: Element): Element[] {
  if (block.parentElement?.closest(sectioningSelector)) return [];
  const banners: Element[] = [];
  const stack = [block];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (element.matches(bannerSelector)) {
      if (!element.querySelector('h1, article, main, [role="main"]')) banners.push(element);
    } else if (!element.matches(sectioningSelector)) {
      for (const child of element.children) stack.push(child);
    }
  }
  return banners;
}
