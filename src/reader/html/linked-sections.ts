import { isMenuPanel } from './disclosed-panels.js';
import { tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * Sections the page's own links point at: when in-page links (`href="#id"`) name several siblings
 * (a table of contents and the parts it lists), each of them is a part of the page's text, whatever
 * its class says (`skip-item`, `toc-section`: named for the links that lead to them). A block of
 * mostly links among them is a menu still (see `isMenuPanel`).
 */

/** Past this many sections the page is read as it comes: each section's text is read once. */
const MAX_SECTIONS = 300;

/**
 * The elements that in-page links name, where at least `minSiblings` of one parent's children are
 * named. `elements`: every element of the page in document order (any out of the tree are skipped).
 */
export function linkedSectionsOf(elements: readonly Element[], minSiblings: number): Set<Element> {
  const sections = new Set<Element>();
  const named = new Set<string>();
  for (const element of elements) {
    if (tagOf(element) !== 'a') continue;
    const href = element.getAttribute('href') ?? '';
    if (href.length > 1 && href.startsWith('#')) named.add(href.slice(1));
  }
  if (named.size < minSiblings) return sections;
  const byParent = new Map<Element, Element[]>();
  for (const element of elements) {
    const id = element.getAttribute('id');
    const parent = element.parentElement;
    if (!id || !parent || !named.has(id)) continue;
    // The first element with an id is the one its links lead to.
    named.delete(id);
    const siblings = byParent.get(parent);
    if (siblings) siblings.push(element);
    else byParent.set(parent, [element]);
  }
  for (const siblings of byParent.values()) {
    if (siblings.length < minSiblings) continue;
    for (const section of siblings) {
      if (sections.size >= MAX_SECTIONS) return sections;
      if (!isMenuPanel(section)) sections.add(section);
    }
  }
  return sections;
}
