import { childElementsOf, groupBy, HEADING_TAGS, isElement, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { type ElementStats, linkDensityOf, measure } from './stats.js';
import type { Element } from './tree/index.js';

/**
 * A page may set its body in look-alike sections, each headed and holding paragraphs of its own:
 * the chapters of a guide (`section.toc-para`), the answers of a FAQ (`div.faq_tabs-…`). A class
 * token that reads as boilerplate on them (`toc`, `tabs`) judges each alone, too small to count as
 * the page, and every chapter goes; together they are the page's text. Teaser lists, sidebars and
 * pop-ups rarely qualify: a teaser's heading links to its story, and their members lack paragraphs
 * of their own or link more than they say.
 */

/** Limits of a run of headed sections (see `headedRunTest`). */
export interface HeadedRunLimits {
  /** At least this many look-alike siblings (same tag and class)… */
  minSections: number;
  /** …each with a heading of its own words (not a link) and a paragraph, under this share of its text in links… */
  maxLinkDensity: number;
  /** …together holding at least this share of the page's text. */
  minShare: number;
}

/** What the reader uses. */
export const HEADED_RUN_LIMITS: HeadedRunLimits = { minSections: 2, maxLinkDensity: 0.5, minShare: 0.05 };

/**
 * A test of whether an element is a section of such a run under `root`. Nothing is measured until
 * it is first asked; then one walk measures the page and marks the elements holding a heading, and
 * each parent's children are grouped once, so the work stays linear in the page's size.
 */
export function headedRunTest(root: Element, limits: HeadedRunLimits): (element: Element) => boolean {
  let page: PageMeasures | undefined;
  const runs = new Map<Element, ReadonlySet<Element>>();
  return (element) => {
    const parent = element.parentElement;
    if (!parent) return false;
    let members = runs.get(parent);
    if (!members) {
      // The page is measured only once some parent has enough look-alike children to make a run.
      members = runsAmong(childElementsOf(parent), limits, () => {
        page ??= measurePage(root);
        return page;
      });
      runs.set(parent, members);
    }
    return members.has(element);
  };
}

interface PageMeasures {
  stats: Map<Element, ElementStats>;
  headed: Set<Element>;
  pageLength: number;
}

function measurePage(root: Element): PageMeasures {
  const stats = measure(root);
  const headed = new Set<Element>();
  const visit = (element: Element): boolean => {
    // A heading that links elsewhere titles a teaser; a chapter's heading is its own text.
    let holds = HEADING_TAGS.has(tagOf(element)) && linkDensityOf(stats.get(element)) < 0.5;
    for (let node = element.firstChild; node !== null; node = node.nextSibling)
      if (isElement(node) && visit(node)) holds = true;
    if (holds) headed.add(element);
    return holds;
  };
  visit(root);
  return { stats, headed, pageLength: stats.get(root)?.textLength ?? 0 };
}

/** The children that make a run: look-alike, headed, with prose of their own, a fair share of the page. */
function runsAmong(
  children: Element[],
  limits: HeadedRunLimits,
  pageOf: () => PageMeasures,
): ReadonlySet<Element> {
  const members = new Set<Element>();
  for (const group of groupBy(children, (child) => signatureOf(child)).values()) {
    if (group.length < limits.minSections) continue;
    const page = pageOf();
    let length = 0;
    const sections = group.every((child) => {
      const stats = page.stats.get(child);
      length += stats?.textLength ?? 0;
      return (
        page.headed.has(child) &&
        !HEADING_TAGS.has(tagOf(child)) &&
        (stats?.paragraphs ?? 0) > 0 &&
        linkDensityOf(stats) < limits.maxLinkDensity
      );
    });
    if (sections && length >= page.pageLength * limits.minShare)
      for (const child of group) members.add(child);
  }
  return members;
}
