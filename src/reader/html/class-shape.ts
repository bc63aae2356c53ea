import { tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/**
 * An element's class shape: the class tokens that say what a block IS, without those that say WHICH
 * one it is. A theme writes both into one class attribute — an entry's id (`post-123`), its place
 * (`row-1`, `item-odd`), its tags and category, a modifier for this one card (`card--featured`) —
 * so look-alike blocks grouped by their whole class string fall apart into singletons. The shape
 * keeps what every look-alike carries:
 * - a run of digits in a token names one item (an id, a position, a size): every run reads as one
 *   mark, so `post-123` and `post-456` are alike;
 * - a BEM modifier (`card--featured`) goes where the element names its block (`card`) too;
 * - among three or more siblings of one tag, where more than half share a token, the members
 *   carrying any such token are one group, and a member's shape is what all of them carry: the
 *   tokens found on only some (a post's tags, odd and even rows) go.
 * Tokens are sorted: their order says nothing of what a block is.
 */

/** Which places group look-alike blocks by their class shape instead of their whole class string. */
export interface ClassShapePlaces {
  /** Furniture repeated in every item of a listing stays (`repeatedFurnitureOf` in `prune-blocks.ts`). */
  furniture: boolean;
  /** A listing's cards judged with their look-alikes in cleaning (the shapes of `item-groups.ts`). */
  itemGroups: boolean;
  /** The look-alike blocks after a story (`dropTrailingRepeats` in `trailing-repeats.ts`). */
  trailing: boolean;
  /** The kinds of the boxes among a story's paragraphs (`inset-boxes.ts`). */
  insets: boolean;
  /**
   * Choosing the content (`select.ts`): a thread's items, the look-alike item widened to its parent
   * and the container of look-alikes, read by tag and first class token when off.
   */
  select?: boolean;
  /**
   * Post kinds (`postKindOf` in `thread-posts.ts`, by first token when off): the thread around the
   * chosen post, and the look-alike posts naming their posters that make a forum path a discussion.
   */
  posts?: boolean;
  /** A byline-shaped line in blocks repeated in the content is an item's credit (`byline.ts`). */
  byline?: boolean;
  /** The hidden look-alikes of a shown tab panel (`sibling-panels.ts`), by sorted class tokens when off. */
  siblingPanels?: boolean;
  /** A story told in look-alike blocks goes on in the next (`hasLookAlikeAfter` in `story-tail.ts`). */
  tail?: boolean;
  /** The kinds of the story's headings its closing sections open with (`story-sections.ts`). */
  sections?: boolean;
}

/**
 * Where the shape is read by default: repeated furniture and choosing the content. On 2026-12-03
 * (see `bench/lib/reader-variant-sets-classes.ts`) item groups read by shape moved no figure and
 * cost up to a fifth of the time of pages with many elements; trailing repeats read by shape cut
 * listings' cards on story-like pages (WCXB 0.8766 → 0.8756); insets lost on two pages of three.
 * Later that morning (`bench/lib/reader-variant-sets-selectshape.ts`) choosing the content by shape
 * won three WCXB pages and lost none; bylines and story sections by shape moved no page, nor did
 * the thread around a post; post kinds read by shape found no named posts on a page whose comments
 * alternate with spacers (a token on exactly half the siblings is no shared one) and lost a thread;
 * sibling panels and the story's tail by shape read kinds of section that share one token as
 * look-alikes (`section section-themes` beside `section section-incentive`) and lost WCXB.
 */
export const CLASS_SHAPE_PLACES: ClassShapePlaces = {
  furniture: true,
  itemGroups: false,
  trailing: false,
  insets: false,
  select: true,
  posts: false,
  byline: false,
  siblingPanels: false,
  tail: false,
  sections: false,
};

/** What an element's shape was read from: its class then, and the shape. */
interface ShapeMemo {
  className: string;
  shape: string;
}

/** The class shape of `element` (see the file's header): its kept tokens, sorted, space-separated. */
export function classShapeOf(element: Element): string {
  const className = element.getAttribute('class');
  if (className === null) return '';
  // Remembered on the element (`Element.shapeMemo`): a weak map keyed by a deep chain of blocks
  // costs the garbage collector more than the shapes.
  const known = element.shapeMemo as ShapeMemo | undefined;
  if (known !== undefined && known.className === className) return known.shape;
  const members = classedSiblingsOf(element);
  // Too few to be a group: nothing is shared, and a chain of nested blocks costs no group each.
  if (members.length < SHARED_SHAPE_MIN_MEMBERS) {
    const shape = kindsOf(className).shape;
    element.shapeMemo = { className, shape } satisfies ShapeMemo;
    return shape;
  }
  rememberSharedShapes(members);
  return (element.shapeMemo as ShapeMemo).shape;
}

/** The element and its siblings of its tag that have a class, in order. */
function classedSiblingsOf(element: Element): Element[] {
  const parent = element.parentElement;
  if (parent === null) return [element];
  const tag = tagOf(element);
  const members: Element[] = [];
  for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling)
    if (tagOf(child) === tag && child.hasAttribute('class')) members.push(child);
  return members;
}

/** A class attribute's kind tokens, and them joined: the shape of a block with no group. */
interface Kinds {
  tokens: readonly string[];
  shape: string;
}

/** The tokens of a class attribute that may say what a block is (see `kindTokensOf`). */
export function kindTokensOf(className: string): readonly string[] {
  return kindsOf(className).tokens;
}

/**
 * The kind tokens of a class attribute: each run of digits (an id, a place, a size) read as one
 * mark, and a BEM modifier (`block--modifier`) dropped where the element names its block too.
 */
function kindsOf(className: string): Kinds {
  const known = kindsByClass.get(className);
  if (known !== undefined) return known;
  if (kindsByClass.size >= MAX_REMEMBERED_CLASSES) kindsByClass.clear();
  const tokens = new Set(
    className
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => token !== '')
      .map((token) => token.replace(/\d+/g, '#')),
  );
  for (const token of tokens) {
    const modifier = token.indexOf('--');
    if (modifier > 0 && tokens.has(token.slice(0, modifier))) tokens.delete(token);
  }
  const sorted = [...tokens].sort();
  const kinds = { tokens: sorted, shape: sorted.join(' ') };
  kindsByClass.set(className, kinds);
  return kinds;
}

/** Distinct class attributes whose kind tokens are remembered; past this it starts afresh. */
const MAX_REMEMBERED_CLASSES = 5000;

/** Kind tokens by class attribute: a page repeats its classes, and each is read once. */
const kindsByClass = new Map<string, Kinds>();

/** Siblings of one tag fewer than this keep their kind tokens whole: two blocks are not yet a group. */
const SHARED_SHAPE_MIN_MEMBERS = 3;

/**
 * Remembers each member's shape among siblings of one tag: what its group (the members carrying a
 * token most members carry) all carry. Read by distinct class, so a thousand look-alikes cost one.
 */
function rememberSharedShapes(members: Element[]): void {
  const classes = new Map<string, number>();
  for (const member of members) {
    const className = member.getAttribute('class') ?? '';
    classes.set(className, (classes.get(className) ?? 0) + 1);
  }
  const counts = new Map<string, number>();
  for (const [className, count] of classes)
    for (const token of kindsOf(className).tokens) counts.set(token, (counts.get(token) ?? 0) + count);
  // Tokens most members carry: what the look-alikes among them are.
  const common = new Set(
    [...counts].filter(([, count]) => count * 2 > members.length).map(([token]) => token),
  );
  const inGroup = (className: string) => kindsOf(className).tokens.some((token) => common.has(token));
  let groupSize = 0;
  const groupCounts = new Map<string, number>();
  for (const [className, count] of classes) {
    if (!inGroup(className)) continue;
    groupSize += count;
    for (const token of kindsOf(className).tokens)
      groupCounts.set(token, (groupCounts.get(token) ?? 0) + count);
  }
  const shared = new Set([...groupCounts].filter(([, count]) => count === groupSize).map(([token]) => token));
  // Where the group shares no one token, each member keeps the common tokens it carries.
  const kept = shared.size > 0 ? shared : common;
  const shapes = new Map<string, string>();
  for (const className of classes.keys()) {
    const { tokens, shape } = kindsOf(className);
    shapes.set(className, inGroup(className) ? tokens.filter((token) => kept.has(token)).join(' ') : shape);
  }
  for (const member of members) {
    const className = member.getAttribute('class') ?? '';
    member.shapeMemo = { className, shape: shapes.get(className) ?? '' } satisfies ShapeMemo;
  }
}
