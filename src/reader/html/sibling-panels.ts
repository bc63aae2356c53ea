import { classShapeOf } from './class-shape.js';
import { isHiddenByMarks, withoutHidingMarks } from './disclosed-panels.js';
import { childElementsOf, tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * Tabs without ARIA: look-alike siblings (same tag, the same class but for a state token such as
 * the shown one's `active`) of which the page shows one and hides the rest with an inline
 * `display: none` or `hidden` until a click (`<div class="tab-pane" style="display:none">`). Each
 * is the page's own content, as a tab panel named by ARIA is (see `disclosed-panels.ts`): the
 * hidden ones are shown. Works on the tree before it is cleaned; linear in the page's size.
 */

/** Hidden by `hidden` or an inline style; `aria-hidden` alone hides nothing a reader would show. */
function hiddenByMarks(element: Element): boolean {
  return isHiddenByMarks(element, false);
}

/** Past this many class tokens a shown sibling is matched by its whole class only. */
const MAX_TOKENS = 12;

/** An element's tag and sorted class tokens, less `without` (an index into the tokens) if given. */
function keyOf(tag: string, tokens: readonly string[], without = -1): string {
  return `${tag} ${tokens.filter((_, index) => index !== without).join(' ')}`;
}

/** The element's class tokens, sorted; or its class shape's (`shaped`, see `class-shape.ts`). */
function sortedTokens(element: Element, shaped: boolean): string[] {
  return (shaped ? classShapeOf(element) : (element.getAttribute('class') ?? ''))
    .split(/\s+/)
    .filter((token) => token !== '')
    .sort();
}

/**
 * Shows the hidden siblings of a set of look-alike panels the page shows one of: a hidden sibling
 * is a panel when a shown one has its tag and its class, or its class and one token more (its
 * state, `active`). Each parent's children are read once, matched by key.
 */
export function revealSiblingPanels(elements: readonly Element[], shaped = false): void {
  const parents = new Set<Element>();
  for (const element of elements) {
    const parent = element.parentElement;
    if (parent && !parents.has(parent) && hiddenByMarks(element)) parents.add(parent);
  }
  for (const parent of parents) {
    const shownByKey = new Map<string, Element>();
    const hidden: { panel: Element; key: string }[] = [];
    for (const child of childElementsOf(parent)) {
      const tokens = sortedTokens(child, shaped);
      const tag = tagOf(child);
      if (hiddenByMarks(child)) {
        if (tokens.length > 0) hidden.push({ panel: child, key: keyOf(tag, tokens) });
        continue;
      }
      shownByKey.set(keyOf(tag, tokens), child);
      if (tokens.length > 1 && tokens.length <= MAX_TOKENS)
        for (let index = 0; index < tokens.length; index++) shownByKey.set(keyOf(tag, tokens, index), child);
    }
    const matched = new Set<Element>();
    const panels: Element[] = [];
    for (const { panel, key } of hidden) {
      const shown = shownByKey.get(key);
      if (!shown) continue;
      matched.add(shown);
      panels.push(panel);
    }
    // One shown panel among its look-alikes: a tab set, not a list the page filters.
    if (matched.size !== 1) continue;
    for (const panel of panels) {
      if (panel.textContent.trim() === '') continue;
      panel.replaceWith(withoutHidingMarks(panel, false));
    }
  }
}
