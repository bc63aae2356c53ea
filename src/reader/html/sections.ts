import { tagOf } from './dom.js';

const headingSelector = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/** The headings under `root`, in document order. */
export function headingsOf(root: Element): Element[] {
  return Array.from(root.querySelectorAll(headingSelector));
}

/** The heading's level: 1–6 for `<h1>`–`<h6>`, the `aria-level` or 2 for other headings. */
export function headingLevelOf(heading: Element): number {
  const match = /^h([1-6])$/.exec(tagOf(heading));
  if (match) return Number(match[1]);
  return Number(heading.getAttribute('aria-level')) || 2;
}

/** Characters a section may hold beside its heading and still be the heading alone (with a link). */
const BARE_SECTION_SLACK = 100;

/**
 * The elements that make up the section `heading` opens: the largest block around it holding no
 * other heading of its rank or above (headings `alsoOpens` accepts excepted, e.g. another
 * "related" heading) and not `keep`; when that block is the heading alone, the siblings after it
 * up to the next such heading. Within `root`.
 */
export function headedSectionOf(
  heading: Element,
  root: Element,
  options: { alsoOpens?: (heading: Element) => boolean; keep?: Element | null } = {},
): Element[] {
  const level = headingLevelOf(heading);
  const endsSection = (element: Element) =>
    (options.keep != null && element.contains(options.keep)) ||
    headingsOf(element).some(
      (other) => other !== heading && headingLevelOf(other) <= level && !options.alsoOpens?.(other),
    );
  let section: Element = heading;
  for (let parent = section.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (endsSection(parent)) break;
    section = parent;
  }
  const elements = [section];
  const bare = (section.textContent ?? '').length < (heading.textContent ?? '').length + BARE_SECTION_SLACK;
  if (bare) {
    for (let next = section.nextElementSibling; next && !endsSection(next); next = next.nextElementSibling)
      elements.push(next);
  }
  return elements;
}
