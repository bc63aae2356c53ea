import { childElementsOf, tagOf } from './dom.js';
import type { ElementStats } from './stats.js';
import type { Element } from './tree/index.js';

/**
 * How a listing's cards are recognised: sibling blocks rendered by one template, holding text of
 * their own beside their links. Each limit is chosen on training folds (`bench/reader-folds.ts`).
 */
export interface TextCardLimits {
  /** Sibling blocks of one template needed to call them a run of cards. */
  minItems: number;
  /** Jaccard similarity of two blocks' tag-path profiles at which they share a template. */
  similarity: number;
  /** A run with this share of its text in links or more is a menu or a list of links, not cards. */
  maxLinkDensity: number;
}

/** The limits the reader ships. */
export const TEXT_CARD_LIMITS: TextCardLimits = { minItems: 3, similarity: 0.7, maxLinkDensity: 0.75 };

/** How deep below a block its profile looks: a card's link, picture, name and price. */
const PROFILE_DEPTH = 3;

/**
 * The tag paths below an element, down to `PROFILE_DEPTH` levels (`a`, `a/img`, `div/span`): the
 * shape a template gives every card it renders, whatever the card's words and classes say.
 */
function profileOf(element: Element): Set<string> {
  const paths = new Set<string>();
  const walk = (parent: Element, prefix: string, depth: number) => {
    for (const child of childElementsOf(parent)) {
      const path = `${prefix}/${tagOf(child)}`;
      paths.add(path);
      if (depth < PROFILE_DEPTH) walk(child, path, depth + 1);
    }
  };
  walk(element, tagOf(element), 1);
  return paths;
}

function similarityOf(first: Set<string>, second: Set<string>): number {
  let shared = 0;
  for (const path of first) if (second.has(path)) shared++;
  const union = first.size + second.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Runs of cards under `root`: groups of at least `minItems` sibling blocks of one tag whose profiles
 * match (each at least `similarity` to the group's first), each more than a bare line (a profile of
 * two paths or more: a list of plain items is not cards). A run's cards are not searched inside.
 */
export function cardRunsIn(root: Element, limits: Omit<TextCardLimits, 'maxLinkDensity'>): Element[][] {
  const runs: Element[][] = [];
  const visit = (parent: Element) => {
    const groups: { tag: string; profile: Set<string>; items: Element[] }[] = [];
    for (const child of childElementsOf(parent)) {
      const profile = profileOf(child);
      if (profile.size < 2) continue;
      const tag = tagOf(child);
      const group = groups.find(
        (candidate) => candidate.tag === tag && similarityOf(candidate.profile, profile) >= limits.similarity,
      );
      if (group) group.items.push(child);
      else groups.push({ tag, profile, items: [child] });
    }
    const found = groups.filter((group) => group.items.length >= limits.minItems).map((group) => group.items);
    runs.push(...found);
    const inRuns = new Set(found.flat());
    for (const child of childElementsOf(parent)) if (!inRuns.has(child)) visit(child);
  };
  visit(root);
  return runs;
}

/**
 * The cards of `root` that carry text of their own beside their links (a listing's items: a
 * product's or story's name linked, its price, date or summary not). A menu's items are all links
 * and are not among them.
 */
export function textCardsIn(
  root: Element,
  stats: Map<Element, ElementStats>,
  limits: TextCardLimits,
): Set<Element> {
  const cards = new Set<Element>();
  for (const run of cardRunsIn(root, limits)) {
    let text = 0;
    let linkText = 0;
    for (const card of run) {
      text += stats.get(card)?.textLength ?? 0;
      linkText += stats.get(card)?.linkTextLength ?? 0;
    }
    if (text > 0 && linkText < text * limits.maxLinkDensity) for (const card of run) cards.add(card);
  }
  return cards;
}

/** Whether `element` is one of `cards` or inside one (below `root`). */
export function isInCard(element: Element, cards: ReadonlySet<Element>, root: Element): boolean {
  for (let current: Element | null = element; current && current !== root; current = current.parentElement)
    if (cards.has(current)) return true;
  return false;
}
