import { childElementsOf, HEADING_TAGS, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { type ElementStats, measure } from './stats.js';
import type { Element } from './tree/index.js';

/**
 * Limits of the inset boxes a story's paragraphs carry (see `dropInsetBoxes`). Chosen on training
 * folds by site (`bench/reader-folds.ts`), never on the fold they are scored on.
 */
export interface InsetLimits {
  /** A box holds at most this many characters of text. */
  maxLength: number;
  /** The boxes of one kind (tag and class) hold at most this share of the paragraphs' parent's text. */
  maxShare: number;
  /** A kind of box appears at most this many times among the paragraphs. */
  maxRepeats: number;
  /** The parent holds at least this many paragraphs of its own. */
  minParagraphs: number;
  /** The paragraphs hold at least this share of the parent's text. */
  paragraphShare: number;
  /** Whether a box must carry a class (a styled box, not a bare wrapper of the story's text). */
  classed: boolean;
  /**
   * Whether empty blocks of a box's kind count as its repeats: a page may leave an empty slot of the
   * same kind (an unfilled promotion) after the story, which repeats no box the reader sees.
   */
  emptyRepeats: boolean;
}

/**
 * The limits the reader uses (see `InsetLimits`). Training folds on the trafilatura set mostly chose
 * two boxes of a kind (whole set 0.9451 against 0.9446), but on WCXB that was lower (0.8647 against
 * 0.8648): one box of a kind holds on both.
 */
export const INSET_LIMITS: InsetLimits = {
  maxLength: 600,
  maxShare: 0.2,
  maxRepeats: 1,
  minParagraphs: 3,
  paragraphShare: 0.5,
  classed: false,
  emptyRepeats: false,
};

/** What a box never holds: a quotation (an embedded post), code, a table or a list (pros and cons) are the story's own. */
const keptInside = 'blockquote, pre, table, ul, ol, dl';

/** Tags of the blocks a box may be: containers, not the story's own kinds of block. */
const boxTags = new Set(['div', 'section', 'aside']);

/**
 * Removes the inset boxes set among a story's paragraphs: where an element's children are mostly
 * `<p>` paragraphs (the story's running text), a short container of another kind that appears
 * once among them, after the story has begun, is a box the page set into the text (a newsletter
 * call, a "more on this" box, a promotion, a licence note), not a paragraph of the story. Boxes
 * that repeat among the paragraphs (a page whose paragraphs are each a `div` of one class) stay,
 * and so does whatever comes before the first paragraph (a standfirst) or right after a heading
 * (the section it opens).
 */
export function dropInsetBoxes(content: Element[], limits: InsetLimits = INSET_LIMITS, shaped = false): void {
  for (const root of content) {
    // Measured once: a box removed leaves its parent's figures a little high, which only keeps more.
    const stats = measure(root);
    // A box removed takes its inner blocks along; looking into them as well changes nothing kept.
    for (const parent of [root, ...root.querySelectorAll('*')]) dropInsetsOf(parent, stats, limits, shaped);
  }
}

function dropInsetsOf(
  parent: Element,
  stats: Map<Element, ElementStats>,
  limits: InsetLimits,
  shaped: boolean,
): void {
  const children = childElementsOf(parent);
  const paragraphs = children.filter((child) => tagOf(child) === 'p');
  if (paragraphs.length < limits.minParagraphs) return;
  const lengthOf = (element: Element) => stats.get(element)?.textLength ?? 0;
  const total = lengthOf(parent);
  const paragraphText = paragraphs.reduce((sum, child) => sum + lengthOf(child), 0);
  if (paragraphText < total * limits.paragraphShare) return;
  // Each kind of block (tag and class) among the children, with the text its blocks hold.
  const kinds = new Map<string, { count: number; length: number }>();
  for (const child of children) {
    const kind = kinds.get(signatureOf(child, shaped)) ?? { count: 0, length: 0 };
    const counted = limits.emptyRepeats || lengthOf(child) > 0 ? 1 : 0;
    kinds.set(signatureOf(child, shaped), {
      count: kind.count + counted,
      length: kind.length + lengthOf(child),
    });
  }
  let begun = false;
  let afterHeading = false;
  for (const child of children) {
    const tag = tagOf(child);
    // A block right after a heading is the section the heading opens (an accordion's panel), not a box.
    const opensSection = afterHeading;
    afterHeading = HEADING_TAGS.has(tag);
    if (tag === 'p') {
      begun ||= lengthOf(child) > 0;
      continue;
    }
    if (!begun || opensSection || !boxTags.has(tag)) continue;
    if (limits.classed && !child.getAttribute('class')?.trim()) continue;
    const kind = kinds.get(signatureOf(child, shaped))!;
    if (kind.count > limits.maxRepeats || kind.length > total * limits.maxShare) continue;
    const length = lengthOf(child);
    if (length === 0 || length > limits.maxLength || child.querySelector(keptInside)) continue;
    child.remove();
  }
}
