import { HEADING_TAGS, isElement, normalizedLengthOf, normalizeSpace, tagOf } from './dom.js';
import { type ElementStats, linkDensityOf, measure } from './stats.js';
import type { Element, Node } from './tree/index.js';

/*
 * A story's standfirst (its lede, teaser or summary) is often set in the page's header, between the
 * headline and the body, outside the element whose prose body scoring chose. It is found by where it
 * stands, not by what it says or how it is named: after the last `<h1>` ahead of the chosen content,
 * before that content, in a stretch short beside the story, as prose of its own (not a byline, a
 * date or a row of links).
 */

/** Limits of the blocks between a story's headline and its body (see `headlineLeadOf`). */
export interface HeadlineLeadLimits {
  /** Fewest characters of a block taken as lead: bylines, dates and labels are shorter. */
  minLength: number;
  /** Most characters of the whole stretch between headline and content; more, and it is no lead. */
  maxStretch: number;
  /** Most of the stretch's characters beside the content's, as a share of them. */
  maxShare: number;
  /** Most of a block's characters inside links: teasers and tag rows are links. */
  maxLinkDensity: number;
  /** Only on a page whose metadata calls it an article. */
  articleOnly: boolean;
  /** Whether a figure's caption between headline and body is taken too. */
  captions: boolean;
  /**
   * Whether a block must end as a sentence does (a full stop, a question or exclamation mark, a
   * colon, a closing quote): captions, credits, kickers and datelines do not.
   */
  sentenceEnd: boolean;
  /** Whether a heading (`<h2>`–`<h6>`) there is taken though it ends no sentence: the story's subtitle. */
  subtitles: boolean;
}

/** The limits the reader uses (see `HeadlineLeadLimits`). */
export const HEADLINE_LEAD_LIMITS: HeadlineLeadLimits = {
  minLength: 60,
  maxStretch: 1500,
  maxShare: 0.5,
  maxLinkDensity: 0.2,
  articleOnly: false,
  captions: false,
  sentenceEnd: true,
  subtitles: true,
};

/** Characters of a lead's opening looked for in the content: found, the lead repeats it. */
const OPENING_PROBE = 50;

/** How a sentence ends, in Latin and CJK scripts (before closing quotes and brackets). */
const SENTENCE_END = /[.!?…:;。！？：；]["'”’»)\]]*$/u;

/** Elements whose children are read one by one rather than taken whole. */
const WRAPPERS = new Set(['div', 'section', 'header', 'hgroup', 'article', 'main', 'span', 'figure']);

/** Elements never taken as lead: navigation, forms and side boxes. */
const NEVER = new Set(['nav', 'form', 'aside', 'button', 'select', 'input', 'textarea', 'table', 'ul', 'ol']);

/**
 * The blocks between the story's headline (the last `<h1>` ahead of `content`, outside it) and
 * `content`, in document order, that read as its lead; empty when the content holds its own `<h1>`,
 * when no headline leads it, or when the stretch between is too long to be a lead.
 */
export function headlineLeadOf(root: Element, content: Element[], limits: HeadlineLeadLimits): Element[] {
  const first = content[0];
  if (!first) return [];
  const headline = headlineBefore(root, content, first, limits.maxStretch);
  if (!headline) return [];
  const stretch = subtreesBetween(headline, first, root);
  let stretchLength = 0;
  for (const element of stretch) {
    stretchLength += normalizedLengthOf(element);
    if (stretchLength > limits.maxStretch) return [];
  }
  if (stretchLength < limits.minLength) return [];
  const contentLength = content.reduce((sum, block) => sum + normalizedLengthOf(block), 0);
  if (stretchLength > contentLength * limits.maxShare) return [];
  const leads: Element[] = [];
  for (const element of stretch) collectLeads(element, measure(element), limits, leads);
  if (leads.length === 0) return leads;
  // An excerpt of the story's opening, set above it, would say it twice.
  const contentText = normalizeSpace(content.map((block) => block.textContent).join(' '));
  return leads.filter(
    (lead) => !contentText.includes(normalizeSpace(lead.textContent).slice(0, OPENING_PROBE)),
  );
}

/**
 * The nearest `<h1>` ahead of `first` (in document order, not holding it), found by walking back
 * from `first` through at most `maxStretch` characters of text; none when the content holds one.
 */
function headlineBefore(
  root: Element,
  content: Element[],
  first: Element,
  maxStretch: number,
): Element | undefined {
  if (content.some((block) => tagOf(block) === 'h1' || block.querySelector('h1') !== null)) return undefined;
  let text = 0;
  let node: Node | null = first;
  while (node !== null && node !== root) {
    let previous: Node | null = node.previousSibling;
    if (previous === null) {
      // A parent comes before its children: it holds `first`, or the descent below passed it already.
      node = node.parentNode;
      continue;
    }
    while (previous.lastChild !== null) {
      if (isElement(previous) && tagOf(previous) === 'h1') return previous;
      previous = previous.lastChild;
    }
    if (isElement(previous) && tagOf(previous) === 'h1') return previous;
    if (!isElement(previous)) {
      text += previous.textContent.trim().length;
      if (text > maxStretch) return undefined;
    }
    node = previous;
  }
  return undefined;
}

/** The largest elements wholly after `start` and before `end`, in document order. */
function subtreesBetween(start: Element, end: Element, root: Element): Element[] {
  const between: Element[] = [];
  let node = nextAfter(start, root);
  while (node !== null && node !== end) {
    if (node.contains(end)) {
      node = node.firstChild;
      continue;
    }
    if (isElement(node)) between.push(node);
    node = nextAfter(node, root);
  }
  return between;
}

/** The node after `node` and its subtree, in document order, within `root`. */
function nextAfter(node: Node, root: Element): Node | null {
  let current: Node | null = node;
  while (current !== null && current !== root && current.nextSibling === null) current = current.parentNode;
  return current === null || current === root ? null : current.nextSibling;
}

/** Adds `element` (or, for a wrapper, its children that qualify) to `leads` when it reads as a lead. */
function collectLeads(
  element: Element,
  stats: Map<Element, ElementStats>,
  limits: HeadlineLeadLimits,
  leads: Element[],
): void {
  const tag = tagOf(element);
  if (NEVER.has(tag) || (tag === 'figure' && !limits.captions)) return;
  const own = stats.get(element);
  if (!own || own.textLength < limits.minLength) return;
  if (linkDensityOf(own) > limits.maxLinkDensity) return;
  const children = element.children;
  if (WRAPPERS.has(tag) && children.length > 0 && !hasOwnText(element)) {
    for (const child of children) collectLeads(child, stats, limits, leads);
    return;
  }
  // A heading here is below the headline (no `<h1>` stands between it and the body): a subtitle.
  const subtitle = limits.subtitles && HEADING_TAGS.has(tag);
  if (limits.sentenceEnd && !subtitle && !SENTENCE_END.test(element.textContent.trimEnd())) return;
  leads.push(element);
}

/** Whether the element holds text of its own, outside its child elements. */
function hasOwnText(element: Element): boolean {
  for (let node = element.firstChild; node !== null; node = node.nextSibling)
    if (!isElement(node) && (node.textContent ?? '').trim() !== '') return true;
  return false;
}
