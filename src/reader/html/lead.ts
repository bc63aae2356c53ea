import { isElement, isText, normalizedLengthOf, normalizeSpace, SPACE_RUNS } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * Finds the page's standfirst: a visible block, outside the chosen content, whose text is the page's
 * meta description. News sites print it between the headline and the body, where body scoring
 * misses it. Returns undefined when the description is not shown on the page.
 */
export function leadOf(
  root: Element,
  content: Element[],
  description: string | undefined,
): Element | undefined {
  const wanted = normalizeSpace(description ?? '');
  if (wanted.length < 40) return undefined;
  const probe = wanted.slice(0, 60);
  const maximumLength = wanted.length * 1.5 + 20;
  if (!normalizeSpace(root.textContent).includes(probe)) return undefined;
  // Descend towards the smallest element whose text still contains the description's opening.
  const textOf = spacedTextsUnder(root);
  let element: Element = root;
  for (;;) {
    const next = element.children.find((child) => textOf(child).includes(probe));
    if (!next) break;
    element = next;
    if (textOf(element).length <= maximumLength) break;
  }
  if (element === root || normalizedLengthOf(element) > maximumLength) return undefined;
  const inside = content.some(
    (block) => block === element || block.contains(element) || element.contains(block),
  );
  return inside ? undefined : element;
}

/** Puts the lead before the content it precedes in the page; a lead after the content is not used. */
export function withLead(content: Element[], lead: Element | undefined): Element[] {
  const first = content[0];
  if (!lead || !first) return content;
  const leadComesFirst = (lead.compareDocumentPosition(first) & 4) !== 0;
  return leadComesFirst ? [lead, ...content] : content;
}

/**
 * `normalizeSpace(element.textContent)` for every element under `root`, from one walk: the page's
 * text is collapsed once, and each element's text is its stretch of it, trimmed. Asked element by
 * element, the descent above would collapse each level's text again.
 */
function spacedTextsUnder(root: Element): (element: Element) => string {
  let text = '';
  // Whether the text so far is empty or ends in a space (asked of the text itself, a string built
  // by joining would be flattened at each question).
  let spaceBefore = true;
  const ranges = new Map<Element, { start: number; end: number }>();
  const walk = (element: Element) => {
    const start = text.length;
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) {
        let collapsed = node.data.replace(SPACE_RUNS, ' ');
        // A run of space across texts is one space; leading space is trimmed at once.
        if (spaceBefore && collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
        if (collapsed === '') continue;
        text += collapsed;
        spaceBefore = collapsed.endsWith(' ');
      } else if (isElement(node)) walk(node);
    }
    ranges.set(element, { start, end: text.length });
  };
  walk(root);
  return (element) => {
    const range = ranges.get(element);
    return range === undefined
      ? normalizeSpace(element.textContent)
      : text.slice(range.start, range.end).trim();
  };
}
