import { descendantsOf, tagOf } from './dom.js';
import { Element, type Node } from './tree/index.js';

/**
 * Tab panels and accordions: a page shows one panel at a time and hides the others until a click,
 * but every panel is the page's own content (a product's description and specs, a course's
 * sessions, a service's questions and answers). ARIA names them: a panel is a `role="tabpanel"`, or
 * the element a trigger's `aria-controls` names when the trigger is a tab (`role="tab"`) or says
 * whether it is open (`aria-expanded`), or a `role="region"` whose `aria-labelledby` names such a
 * trigger. The trigger of an accordion is a button whose text is the panel's title (a question, a
 * session's name), and buttons are removed as controls.
 */

/**
 * Past this many panels or triggers a page is read as it comes: the checks below read each panel's
 * text, and a page of thousands of buttons is no accordion.
 */
const MAX_PANELS = 300;

/** How many single-child ancestors of a panel may be what hides it. */
const MAX_WRAPPERS = 3;

/** A panel whose links hold this share of its text or more is a menu (a mega menu's drop-down). */
const MENU_LINK_SHARE = 0.5;

/** Where a drop-down is a menu whatever its links: the page's navigation and header. */
export const menuAncestor =
  'nav, header, [role="navigation"], [role="banner"], [role="menu"], [role="menubar"]';

/**
 * Shows the hidden panels of the page's tabs and accordions (takes off `hidden`, `aria-hidden` and
 * `display: none` / `visibility: hidden`), and turns their triggers' buttons into plain blocks so
 * the panels' titles stay. Menus that open the same way are left alone. Works on the tree before
 * it is cleaned; linear in the page's size (each panel's text is read once, at most `MAX_PANELS`).
 * `elements`: every element under `root` in document order, when the caller has them already.
 */
export function revealDisclosedPanels(
  root: Element,
  elements: readonly Element[] = descendantsOf(root),
): void {
  // Most pages have no tabs or accordions: the ids are mapped only when something names one.
  const linked = elements.filter(
    (element) =>
      element.hasAttribute('aria-controls') ||
      element.hasAttribute('aria-labelledby') ||
      element.getAttribute('role') === 'tabpanel',
  );
  if (linked.length === 0) return;
  const byId = new Map<string, Element>();
  for (const element of elements) {
    const id = element.getAttribute('id');
    if (id && !byId.has(id)) byId.set(id, element);
  }
  const panels = new Set<Element>();
  const triggers: { trigger: Element; panels: Element[] }[] = [];
  for (const element of linked) {
    if (element.getAttribute('role') === 'tabpanel') panels.add(element);
    // An accordion's region names its trigger instead (`aria-labelledby`) when the trigger does not name it.
    const label = element.getAttribute('role') === 'region' ? element.getAttribute('aria-labelledby') : null;
    const labelledBy = label ? byId.get(label) : undefined;
    if (labelledBy?.hasAttribute('aria-expanded') && !labelledBy.hasAttribute('aria-controls')) {
      panels.add(element);
      triggers.push({ trigger: labelledBy, panels: [element] });
    }
    const controls = element.getAttribute('aria-controls');
    if (!controls) continue;
    const isTab = element.getAttribute('role') === 'tab';
    if (!isTab && !element.hasAttribute('aria-expanded')) continue;
    const controlled = controls
      .split(/\s+/)
      .map((id) => byId.get(id))
      .filter((panel): panel is Element => panel !== undefined && !panel.contains(element));
    for (const panel of controlled) panels.add(panel);
    // A tab's label names the panel, like a menu's entry; an accordion's names what it holds.
    if (!isTab) triggers.push({ trigger: element, panels: controlled });
  }
  if (panels.size > MAX_PANELS || triggers.length > MAX_PANELS) return;
  // A panel inside another (an accordion in a tab) is a menu when that one is: its text is read once.
  const shown = new Set<Element>();
  const judged = new Set<Element>();
  for (const panel of elements) {
    if (!panels.has(panel)) continue;
    const outer = outerPanelOf(panel, judged);
    judged.add(panel);
    if (outer ? shown.has(outer) : !isMenuPanel(panel)) shown.add(panel);
  }
  // The tree changes only once every panel is judged. A collapsing wrapper of the panel alone
  // (`<div class="collapse" style="display:none"><div role="region">`) hides it as well.
  for (const panel of shown) {
    for (const element of [panel, ...wrappersOf(panel)])
      if (isHiddenByMarks(element)) element.replaceWith(withoutHidingMarks(element));
  }
  for (const { trigger, panels: controlled } of triggers) {
    if (tagOf(trigger) !== 'button' || !controlled.some((panel) => shown.has(panel))) continue;
    if (trigger.closest(menuAncestor)) continue;
    trigger.replaceWith(plainBlockOf(trigger));
  }
}

/** Ancestors of the panel that hold nothing else, up to a few: what an accordion collapses. */
export function wrappersOf(panel: Element): Element[] {
  const wrappers: Element[] = [];
  let element = panel;
  while (wrappers.length < MAX_WRAPPERS && element.parentElement?.children.length === 1) {
    element = element.parentElement;
    wrappers.push(element);
  }
  return wrappers;
}

/** The nearest ancestor of `panel` among the panels judged already. */
function outerPanelOf(panel: Element, judged: Set<Element>): Element | undefined {
  for (let element = panel.parentElement; element; element = element.parentElement)
    if (judged.has(element)) return element;
  return undefined;
}

/** Whether a panel is a menu's drop-down: in the page's navigation, empty, or mostly links. */
export function isMenuPanel(panel: Element): boolean {
  if (panel.closest(menuAncestor)) return true;
  const textLength = panel.textContent.replace(/\s+/g, '').length;
  if (textLength === 0) return true;
  let linkLength = 0;
  for (const link of panel.querySelectorAll('a[href]'))
    linkLength += link.textContent.replace(/\s+/g, '').length;
  return linkLength >= textLength * MENU_LINK_SHARE;
}

const hidingStyle = /(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*;?/gi;

/**
 * Whether the page hides an element until a click: `hidden`, a hiding inline style, and (with
 * `ariaHidden`) `aria-hidden="true"`.
 */
export function isHiddenByMarks(element: Element, ariaHidden = true): boolean {
  hidingStyle.lastIndex = 0;
  return (
    element.hasAttribute('hidden') ||
    (ariaHidden && element.getAttribute('aria-hidden') === 'true') ||
    hidingStyle.test(element.getAttribute('style') ?? '')
  );
}

/** The same element without what hides it (`aria-hidden` too with `ariaHidden`), holding the same children. */
export function withoutHidingMarks(panel: Element, ariaHidden = true): Element {
  const attributes: Record<string, string> = {};
  for (const { name, value } of panel.attributes) {
    if (name === 'hidden' || (ariaHidden && name === 'aria-hidden' && value === 'true')) continue;
    attributes[name] = name === 'style' ? value.replace(hidingStyle, '') : value;
  }
  return moveChildren(panel, new Element(tagOf(panel), attributes));
}

/** A button's children in a `<div>` (a `<span>` when it holds only inline content), its attributes kept. */
export function plainBlockOf(button: Element): Element {
  const attributes: Record<string, string> = {};
  for (const { name, value } of button.attributes) attributes[name] = value;
  const block = button.querySelector('h1, h2, h3, h4, h5, h6, p, div, ul, ol') !== null;
  return moveChildren(button, new Element(block ? 'div' : 'span', attributes));
}

function moveChildren(from: Element, to: Element): Element {
  const children: Node[] = [...from.childNodes];
  for (const child of children) child.remove();
  to.append(...children);
  return to;
}
