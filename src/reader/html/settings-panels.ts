import { descendantsOf, tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/** Controls that turn one setting on or off: a checkbox, a radio button, an ARIA switch. */
const toggleSelector =
  'input[type="checkbox" i], input[type="radio" i], [role="switch"], [role="checkbox"], [role="radio"]';

/**
 * How many toggles make a block the page sets apart (a consent centre, a dialog) a panel of
 * settings: `false` turns the mechanism off.
 */
export type SettingsPanelLimit = number | false;

/** What the reader ships: five toggles (a consent centre has one per purpose and per vendor). */
export const SETTINGS_PANEL_TOGGLES: SettingsPanelLimit = 5;

/**
 * How many toggles each element under `root` holds, counted in one walk from the last element to
 * the first (each adds its own count to its parent's): linear whatever the nesting. Read before
 * the cleaning removes the controls with the other useless tags.
 */
export function togglesUnder(root: Element): (element: Element) => number {
  const elements = descendantsOf(root);
  const counts = new Map<Element, number>();
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    const count = (counts.get(element) ?? 0) + (element.matches(toggleSelector) ? 1 : 0);
    if (count === 0) continue;
    counts.set(element, count);
    const parent = element.parentElement;
    if (parent) counts.set(parent, (counts.get(parent) ?? 0) + count);
  }
  return (element) => counts.get(element) ?? 0;
}

/**
 * The test for a panel of settings under `root`: a block the page sets apart (`isSetApart`: a
 * dialog, a consent centre) holding at least `limit` toggles; never the page's body, main or article.
 * Its switches, one per purpose and per vendor, are settings, not the page's text, however long.
 */
export function settingsPanelTest(
  root: Element,
  limit: SettingsPanelLimit,
  isSetApart: (element: Element) => boolean,
): (element: Element) => boolean {
  if (limit === false) return () => false;
  const togglesOf = togglesUnder(root);
  return (element) => !pageWrappers.has(tagOf(element)) && togglesOf(element) >= limit && isSetApart(element);
}

const pageWrappers = new Set(['body', 'main', 'article']);
