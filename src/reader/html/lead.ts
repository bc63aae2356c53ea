import { normalizedLengthOf, normalizeSpace } from './dom.js';
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
  // Descend towards the smallest element whose text still contains the description's opening.
  let element: Element = root;
  for (;;) {
    const textOf = (candidate: Element) => normalizeSpace(candidate.textContent);
    if (element === root && !textOf(root).includes(probe)) return undefined;
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
