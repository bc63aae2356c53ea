import { type ElementStats, linkDensityOf, measure } from './stats.js';
import type { Element } from './tree/index.js';
import { shareIn, wordsOf } from './word-share.js';

/** What any rival candidate must be to replace ours (what `prefersSecond` asks of one). */
export interface RivalBasics {
  /** Characters of text a rival needs, and the link density it must stay under. */
  minimumLength: number;
  maximumLinkDensity: number;
  /** Our candidate's words, and the share of a rival's words in them at which the two agree. */
  oursWords: Set<string>;
  agreement: number;
}

/** What a rival candidate must be to replace ours on the strength of the page's description. */
export interface RivalRequirements extends RivalBasics {
  /** The description's words (four letters or more), and the share of them a rival must hold. */
  description: Set<string>;
  descriptionShare: number;
}

/**
 * Whether some block of the cleaned page (`root`, the `<body>`) could be a rival to our candidate
 * that holds the page's description: a block holding `descriptionShare` of its words, with the
 * length, link density and disagreement with ours that `prefersSecond` asks of a candidate.
 *
 * The blocks holding the description are found by descending from the root into the one child
 * that holds it, down to the smallest (its home). When only one child holds it at each step, the
 * blocks holding it are exactly the home and its ancestors, and each is checked. When two children
 * hold it (the description shown twice), a rival cannot be ruled out this way. A standfirst or a
 * caption beside our content is too short to be a rival, and the article around it holds ours.
 * Readability's candidate is a block and, at times, blocks beside it: those are not checked.
 */
export function descriptionMayHaveRival(root: Element, requirements: RivalRequirements): boolean {
  const { description, descriptionShare } = requirements;
  const holds = (element: Element) => shareIn(description, wordsOf(element.textContent)) >= descriptionShare;
  if (description.size === 0 || !holds(root)) return true;
  let home = root;
  for (;;) {
    const holding = home.children.filter(holds);
    if (holding.length > 1) return true;
    const [next] = holding;
    if (!next) break;
    home = next;
  }
  const stats = measure(root);
  for (let block: Element | null = home; block; block = block.parentElement) {
    if (isRival(block, stats.get(block), requirements)) return true;
    if (block === root) break;
  }
  return false;
}

/**
 * Whether any block of the cleaned page (`root`) could be a rival to our candidate: the length,
 * link density and disagreement with ours that `prefersSecond` asks of a candidate, whatever it
 * holds. When ours is a region with menus in it that holds the page's prose, every block of prose
 * has most of its words in ours; on a page of links no block reads as prose at all. Either way
 * Readability, choosing among the same blocks, has nothing ours lacks.
 */
export function anyRival(root: Element, requirements: RivalBasics): boolean {
  const stats = measure(root);
  for (const [block, measured] of stats) if (isRival(block, measured, requirements)) return true;
  return false;
}

function isRival(block: Element, stats: ElementStats | undefined, requirements: RivalBasics): boolean {
  if ((stats?.textLength ?? 0) < requirements.minimumLength) return false;
  if (linkDensityOf(stats) >= requirements.maximumLinkDensity) return false;
  return shareIn(wordsOf(block.textContent), requirements.oursWords) < requirements.agreement;
}

/** The `<body>` (or topmost ancestor) of the tree the content's first block is in. */
export function bodyOf(content: readonly Element[]): Element | undefined {
  let root = content[0];
  while (root?.parentElement && root.localName !== 'body') root = root.parentElement;
  return root;
}
