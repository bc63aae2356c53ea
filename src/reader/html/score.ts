import { childElementsOf, classAndIdOf, descendantsOf, tagOf } from './dom.js';
import { type ElementStats, linkDensityOf } from './stats.js';
import type { Element } from './tree/index.js';

const positiveWords =
  /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown|thread|message|question|answer|product|description|detail/;
const negativeWords =
  /-ad-|hidden|^hid$|\bhid\b|banner|combx|comment(?!ary|aries|ator)|com-|contact|foot|footer|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|nav|menu|breadcrumb|teaser|social|cookie/;

/** Elements whose own text is a paragraph of the page. */
const paragraphTags = new Set(['p', 'pre', 'td', 'blockquote', 'dd', 'li', 'h2', 'h3']);

/** Starting score of a candidate container by its tag. */
const tagWeights: Record<string, number> = {
  article: 10,
  main: 8,
  section: 3,
  div: 5,
  pre: 3,
  td: 3,
  blockquote: 3,
  form: -3,
  ol: -3,
  ul: -3,
  dl: -3,
  li: -3,
  h1: -5,
  h2: -5,
  h3: -5,
  th: -5,
};

/** Class/id weight: +25 for content-like names, -25 for furniture-like names. */
export function classWeightOf(element: Element): number {
  const words = classAndIdOf(element);
  if (words.trim() === '') return 0;
  let weight = 0;
  if (positiveWords.test(words)) weight += 25;
  if (negativeWords.test(words)) weight -= 25;
  return weight;
}

/**
 * Scores containers by the paragraphs they hold (length, commas), Readability-style: each
 * paragraph adds to its parent fully, its grandparent half and its great-grandparent a third; the
 * total is scaled down by the container's link density.
 */
export function scoreCandidates(root: Element, stats: Map<Element, ElementStats>): Map<Element, number> {
  const scores = new Map<Element, number>();
  for (const element of descendantsOf(root)) {
    const tag = tagOf(element);
    if (!paragraphTags.has(tag) && !isTextLeafBlock(element, tag)) continue;
    const measured = stats.get(element);
    if (!measured || measured.textLength < 25) continue;
    const contentScore = 1 + measured.commas + Math.min(Math.floor(measured.textLength / 100), 3);
    let ancestor = element.parentElement;
    for (let level = 0; ancestor && level < 3; level++) {
      if (!scores.has(ancestor))
        scores.set(ancestor, (tagWeights[tagOf(ancestor)] ?? 0) + classWeightOf(ancestor));
      scores.set(ancestor, scores.get(ancestor)! + contentScore / (level === 0 ? 1 : level * 2));
      if (ancestor === root) break;
      ancestor = ancestor.parentElement;
    }
  }
  for (const [element, score] of scores) {
    const measured = stats.get(element);
    // A tiny block with a content-like class must not outscore the body it sits beside.
    const smallness = Math.min(1, (measured?.textLength ?? 0) / 300);
    const base = (tagWeights[tagOf(element)] ?? 0) + classWeightOf(element);
    scores.set(element, (score - base + base * smallness) * (1 - linkDensityOf(measured)));
  }
  return scores;
}

/** A `<div>` or `<section>` with text but no block children acts as a paragraph. */
function isTextLeafBlock(element: Element, tag: string): boolean {
  if (tag !== 'div' && tag !== 'section' && tag !== 'span') return false;
  return childElementsOf(element).every(
    (child) => !/^(div|p|section|article|ul|ol|table|h\d|pre|blockquote)$/.test(tagOf(child)),
  );
}

/** The highest-scoring candidate, or undefined when no container scored. */
export function bestCandidate(scores: Map<Element, number>): Element | undefined {
  let best: Element | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const [element, score] of scores) {
    if (score > bestScore) {
      best = element;
      bestScore = score;
    }
  }
  return best;
}
