import {
  isHiddenByMarks,
  isMenuPanel,
  menuAncestor,
  plainBlockOf,
  withoutHidingMarks,
  wrappersOf,
} from './disclosed-panels.js';
import { tagOf } from './dom.js';
import { Element } from './tree/index.js';

/**
 * Panels a control on the page names: a hidden block whose id a button or link points at
 * (`aria-controls`, or with `anchors` a toggle's `data-target`/`data-bs-target`/`href="#id"`)
 * is what that control opens — an accordion's answer, a tab's panel, a "read more" — and the
 * page's own content, whether or not the control says it is a tab or whether it is open (what
 * `disclosed-panels.ts` asks for). Pages that repeat a component repeat its ids (every accordion
 * numbering its panels from 0): a control names the first element with the id that follows it, or
 * else the first on the page. Menus that open the same way stay hidden (see `isMenuPanel`).
 */

/** Which controls name a panel; `false`: none do (the switch is off). */
export interface ControlledPanelLimits {
  /** Also toggles naming a panel by `data-target`, `data-bs-target` or `href="#id"`. */
  anchors: boolean;
  /**
   * Also a hidden block right after a shown heading: the section it titles, collapsed (an accordion
   * without ARIA, or whose button in the heading names no panel).
   */
  headed: boolean;
  /**
   * Siblings that in-page links (`href="#id"`) name, at least this many under one parent, are the
   * page's sections and keep their text whatever their class says (see `linked-sections.ts`); `false`: no.
   */
  linkedSections: number | false;
}

/** What the reader ships: `aria-controls`, and sections three or more in-page links lead to. */
export const CONTROLLED_PANEL_LIMITS: ControlledPanelLimits = {
  anchors: false,
  headed: false,
  linkedSections: 3,
};

/** Past this many controls a page is read as it comes: each panel's text is read once. */
const MAX_CONTROLS = 300;

/** A control's tag or role: what a reader clicks. */
function isControl(element: Element): boolean {
  const tag = tagOf(element);
  const role = element.getAttribute('role');
  return tag === 'button' || tag === 'a' || role === 'button' || role === 'tab' || role === 'link';
}

/** The ids a control names. */
function targetsOf(element: Element, anchors: boolean): string[] {
  const ids = (element.getAttribute('aria-controls') ?? '').split(/\s+/).filter((id) => id !== '');
  if (!anchors || !isToggle(element)) return ids;
  for (const name of ['data-target', 'data-bs-target', 'href']) {
    const value = element.getAttribute(name) ?? '';
    if (/^#[\w-]+$/.test(value)) ids.push(value.slice(1));
  }
  return ids;
}

/** A link or button that toggles something (Bootstrap's `data-toggle`, or says whether it is open). */
function isToggle(element: Element): boolean {
  return (
    element.hasAttribute('data-toggle') ||
    element.hasAttribute('data-bs-toggle') ||
    element.hasAttribute('aria-expanded')
  );
}

/**
 * Shows the hidden panels that controls on the page name, and turns their buttons into plain
 * blocks so the panels' titles stay. `elements`: every element of the page in document order (an
 * element replaced by an earlier step, out of the tree now, is skipped). One walk, then each
 * panel's text read once.
 */
export function revealControlledPanels(elements: readonly Element[], limits: ControlledPanelLimits): void {
  const firstById = new Map<string, Element>();
  const waiting = new Map<string, Element[]>();
  const panelsOf = new Map<Element, Element[]>();
  let controls = 0;
  const bind = (control: Element, panel: Element) => {
    if (panel.contains(control) || control.contains(panel)) return;
    const list = panelsOf.get(control);
    if (list) list.push(panel);
    else panelsOf.set(control, [panel]);
  };
  for (const element of elements) {
    if (element.parentElement === null) continue;
    const id = element.getAttribute('id');
    if (id) {
      if (!firstById.has(id)) firstById.set(id, element);
      const named = waiting.get(id);
      if (named) {
        waiting.delete(id);
        for (const control of named) bind(control, element);
      }
    }
    if (limits.headed && isHiddenByMarks(element, false)) {
      const heading = previousElementOf(element);
      if (heading && isHeading(heading) && !isHiddenByMarks(heading)) {
        if (++controls > MAX_CONTROLS) return;
        bind(heading, element);
      }
    }
    if (!isControl(element)) continue;
    const ids = targetsOf(element, limits.anchors);
    if (ids.length === 0) continue;
    if (++controls > MAX_CONTROLS) return;
    // A drop-down of the page's navigation opens the same way.
    if (element.closest(menuAncestor)) continue;
    for (const target of ids) {
      const list = waiting.get(target);
      if (list) list.push(element);
      else waiting.set(target, [element]);
    }
  }
  // A control after its panel (tabs listed below their panels) names the first with the id.
  for (const [id, named] of waiting) {
    const panel = firstById.get(id);
    if (panel) for (const control of named) bind(control, panel);
  }
  const shown = new Set<Element>();
  for (const [control, panels] of panelsOf) {
    let opened = false;
    for (const panel of panels) {
      const hiding = [panel, ...wrappersOf(panel)].filter((element) => isHiddenByMarks(element));
      if (hiding.length === 0 || shown.has(panel) || isMenuPanel(panel)) continue;
      shown.add(panel);
      opened = true;
      for (const element of hiding)
        if (element.parentElement !== null) element.replaceWith(withoutHidingMarks(element));
    }
    if (!opened) continue;
    // A heading's title may sit in its disclosure button, which cleaning would drop.
    const buttons = isHeading(control) ? control.querySelectorAll('button') : [control];
    for (const button of buttons)
      if (tagOf(button) === 'button' && button.parentElement !== null)
        button.replaceWith(plainBlockOf(button));
  }
}

function isHeading(element: Element): boolean {
  return /^h[1-6]$/.test(tagOf(element));
}

/** The element just before this one among its parent's children, text between them skipped. */
function previousElementOf(element: Element): Element | undefined {
  for (let node = element.previousSibling; node !== null; node = node.previousSibling)
    if (node instanceof Element) return node;
  return undefined;
}
