import { normalizeSpace } from './dom.js';

/** Elements a standfirst (the lead under the headline) is written in. */
const leadSelector = 'h2, h3, p, div, span, strong, em, section, header';

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
  for (const element of Array.from(root.querySelectorAll(leadSelector))) {
    const text = normalizeSpace(element.textContent ?? '');
    if (text.length > wanted.length * 1.5 + 20 || !text.includes(probe)) continue;
    const inside = content.some(
      (block) => block === element || block.contains(element) || element.contains(block),
    );
    return inside ? undefined : element;
  }
  return undefined;
}

/** Puts the lead before the content it precedes in the page; a lead after the content is not used. */
export function withLead(content: Element[], lead: Element | undefined): Element[] {
  const first = content[0];
  if (!lead || !first) return content;
  const leadComesFirst = (lead.compareDocumentPosition(first) & 4) !== 0;
  return leadComesFirst ? [lead, ...content] : content;
}
