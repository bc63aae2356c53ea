import { furnitureRoles, furnitureTags } from './boilerplate.js';
import { collapsedLengthOf, tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * Page furniture that cleaning kept for its size. Cleaning keeps a `<footer>`, `<nav>` or `<aside>`
 * (or a block with their ARIA roles) that holds a large share of the page's text, lest a page
 * wrapped whole in one lose everything. When the chosen content holds such a block beside enough
 * text of its own, the block was kept for its size alone: a shop's footer of testimonials, a mega
 * menu, an insurer's legal footer. It goes. What stays: a chosen block that is furniture itself
 * (or sits inside it), furniture holding the block's headline (a wrapper of the page), and a footer
 * inside an article or the main landmark, which is the content's own (a story's notes), as HTML
 * has it (such a footer is no `contentinfo`).
 */

/** Limits of `dropKeptFurniture`. */
export interface KeptFurnitureLimits {
  /** Characters of text the chosen block must keep outside its furniture for the furniture to go. */
  minRest: number;
}

/** The shipped limits. */
export const KEPT_FURNITURE_LIMITS: KeptFurnitureLimits = { minRest: 500 };

/**
 * Removes, from each chosen block that is not furniture itself, its outermost furniture blocks when
 * at least `minRest` characters of the block's text lie outside them. Linear in the blocks' size.
 */
export function dropKeptFurniture(chosen: readonly Element[], { minRest }: KeptFurnitureLimits): void {
  for (const block of chosen) {
    if (hasAncestor(block, (element) => isFurniture(element, false))) continue;
    // The headline's ancestors, once: asking each furniture block whether it holds the headline
    // would walk a deep page once per block.
    const wrappers = new Set<Element>();
    for (
      let element = block.querySelector('h1');
      element && element !== block;
      element = element.parentElement
    )
      wrappers.add(element);
    const furniture = outermostFurnitureIn(block, hasAncestor(block, isContentLandmark), wrappers);
    if (furniture.length === 0) continue;
    const furnitureLength = furniture.reduce((sum, element) => sum + collapsedLengthOf(element), 0);
    if (collapsedLengthOf(block) - furnitureLength < minRest) continue;
    for (const element of furniture) element.remove();
  }
}

/**
 * Furniture blocks under `block` not inside other furniture, and not holding the headline: a walk
 * that does not enter them, knowing whether it is inside an article or the main landmark.
 */
function outermostFurnitureIn(block: Element, blockInContent: boolean, wrappers: Set<Element>): Element[] {
  const found: Element[] = [];
  const stack: [Element, boolean][] = block.children.map((child) => [child, blockInContent]);
  stack.reverse();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [element, inContent] = entry;
    if (isFurniture(element, inContent) && !wrappers.has(element)) {
      found.push(element);
      continue;
    }
    const childrenInContent = inContent || isContentLandmark(element);
    const children = element.children;
    for (let index = children.length - 1; index >= 0; index--)
      stack.push([children[index]!, childrenInContent]);
  }
  return found;
}

/** Page furniture by tag or role; a footer inside an article or the main landmark is the content's. */
function isFurniture(element: Element, inContent: boolean): boolean {
  const tag = tagOf(element);
  const role = element.getAttribute('role') ?? '';
  if (tag === 'footer' || role === 'contentinfo') return !inContent;
  return furnitureTags.has(tag) || furnitureRoles.has(role);
}

function isContentLandmark(element: Element): boolean {
  const tag = tagOf(element);
  return tag === 'article' || tag === 'main' || element.getAttribute('role') === 'main';
}

function hasAncestor(element: Element, test: (element: Element) => boolean): boolean {
  for (let current: Element | null = element; current; current = current.parentElement)
    if (test(current)) return true;
  return false;
}
