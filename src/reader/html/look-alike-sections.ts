import { childElementsOf, tagOf } from './dom.js';
import { linkDensityOf, measure } from './stats.js';
import type { Element } from './tree/index.js';

/**
 * The look-alike sections of a page built as a run of them. A landing page, a service's page or a
 * product's page often sets its content in a run of sibling blocks of one kind (a CMS's sections,
 * a page builder's rows, a shop's description blocks), and scoring chooses the one that reads best.
 * A sibling of the chosen block, or of one of its ancestors within a few levels, that has the same
 * tag and class (the same kind of block) and holds prose rather than links is another section of
 * that run: it joins the content. Menus and teaser lists built of look-alike blocks are mostly
 * links, and stay out. A block with no class says nothing about its kind and never counts.
 */

/** Limits of `withLookAlikeSections`. */
export interface LookAlikeSectionLimits {
  /** How many ancestors of a chosen block (itself the first) have their look-alike siblings read. */
  levels: number;
  /** Above this share of its text in links a look-alike sibling is a menu or teasers, not a section. */
  maxLinkDensity: number;
  /**
   * What heading a look-alike sibling needs to be a section: `none`, any (`h2`–`h6`, a headed
   * section; an `h1` is the page's title), or one of the same rank as the block beside it (`rank`).
   */
  heading: 'none' | 'any' | 'rank';
  /** Whether a story page (its metadata says so) reads them too; a story's teasers look alike. */
  stories: boolean;
}

/** The limits the reader would ship with (the folds choose among those of the variant set). */
export const LOOK_ALIKE_SECTION_LIMITS: LookAlikeSectionLimits = {
  levels: 6,
  maxLinkDensity: 0.3,
  heading: 'any',
  stories: false,
};

/**
 * The chosen blocks with the look-alike siblings of each and of its ancestors up to `levels` (never
 * `root` or above), in document order. A sibling holding a chosen block is not added; each sibling's
 * subtree is measured once (the siblings of one block's ancestors are disjoint), so linear in the page.
 */
export function withLookAlikeSections(
  chosen: readonly Element[],
  root: Element,
  { levels, maxLinkDensity, heading }: LookAlikeSectionLimits,
): Element[] {
  const added: Element[] = [];
  const seen = new Set<Element>(chosen);
  // The chosen blocks' ancestors, once: a sibling among them holds a chosen block.
  const holders = new Set<Element>();
  for (const block of chosen)
    for (let element = block.parentElement; element && !holders.has(element); element = element.parentElement)
      holders.add(element);
  for (const block of chosen) {
    let element = block;
    for (let level = 0; level < levels && element !== root; level++) {
      const parent = element.parentElement;
      if (!parent) break;
      const kind = kindOf(element);
      if (kind !== undefined) {
        const rank = heading === 'rank' ? headingRankOf(element) : undefined;
        for (const sibling of childElementsOf(parent)) {
          if (sibling === element || seen.has(sibling) || kindOf(sibling) !== kind) continue;
          seen.add(sibling);
          if (holders.has(sibling)) continue;
          const measured = measure(sibling).get(sibling);
          if (!measured || measured.textLength === 0 || linkDensityOf(measured) > maxLinkDensity) continue;
          if (heading !== 'none') {
            const own = headingRankOf(sibling);
            if (own === undefined || (heading === 'rank' && own !== rank)) continue;
          }
          added.push(sibling);
        }
      }
      if (parent === root) break;
      element = parent;
    }
  }
  if (added.length === 0) return [...chosen];
  // None holds another: a sibling of a chosen block's ancestor holding another chosen block's
  // ancestor would hold that block too.
  // Document order from one walk (comparing positions pairwise reads long runs of siblings again).
  const order = new Map<Element, number>();
  for (const element of root.querySelectorAll('*')) order.set(element, order.size);
  return [...chosen, ...added].sort((a, b) => (order.get(a) ?? -1) - (order.get(b) ?? -1));
}

/** Tag and first class token; undefined without a class (a bare block names no kind). */
function kindOf(element: Element): string | undefined {
  const first = (element.getAttribute('class') ?? '').trim().split(/\s+/)[0];
  return first ? `${tagOf(element)}.${first}` : undefined;
}

/** The highest rank (2 for `h2`) of the section headings (`h2`–`h6`) in a block, if any. */
function headingRankOf(element: Element): number | undefined {
  let best: number | undefined;
  for (const found of element.querySelectorAll('h2, h3, h4, h5, h6')) {
    const rank = Number(tagOf(found).slice(1));
    if (best === undefined || rank < best) best = rank;
  }
  return best;
}
