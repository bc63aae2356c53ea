import type { Element } from './tree/index.js';

/**
 * A listing's items are its main run. The main run of the content (see `main-run.ts`) stretches
 * from its first to its last run of prose, and link runs outside it go: a menu entry ahead of a
 * story, a related headline after it. On a listing the first item's linked title stands ahead of
 * the first summary, and items without a summary of prose length stand anywhere; measured by prose
 * alone, the main run would start inside the first item and drop its title (and the titles of
 * every item before the first long summary). Widened to the items, it starts where the first item
 * starts.
 */

/** Which side of the main run the listing's items widen (see `widenedToItems`). */
export interface ListingRunLimits {
  /** Start the main run at the first item's first run, so no item's title goes as a link before it. */
  before: boolean;
  /** End it at the last item's last run, so the last item's links stay as every other item's do. */
  after: boolean;
}

/** What the reader uses: the main run starts with the first item. */
export const LISTING_RUN_LIMITS: ListingRunLimits = { before: true, after: false };

/**
 * The main run's first and last indexes among `parents` (the element holding each run, in
 * document order), widened to the runs inside the items (`itemsOf`: each chosen block's). Each element is asked once whether an item
 * holds it (the answer is kept for its descendants), so the work stays linear in the content.
 */
export function widenedToItems(
  parents: readonly Element[],
  { first, last }: { first: number; last: number },
  itemsOf: ReadonlyMap<Element, ReadonlySet<Element>>,
  limits: ListingRunLimits,
): { first: number; last: number } {
  if (itemsOf.size === 0 || (!limits.before && !limits.after)) return { first, last };
  const items = new Set<Element>();
  for (const group of itemsOf.values()) for (const item of group) items.add(item);
  const inside = new Map<Element, boolean>();
  const inItem = (element: Element): boolean => {
    // The chain up to the first element already answered, answered on the way back down.
    const chain: Element[] = [];
    let answer = false;
    for (let at: Element | null = element; at; at = at.parentElement) {
      const known = inside.get(at);
      if (known !== undefined) {
        answer = known;
        break;
      }
      if (items.has(at)) {
        answer = true;
        chain.push(at);
        break;
      }
      chain.push(at);
    }
    for (const element of chain) inside.set(element, answer);
    return answer;
  };
  let widenedFirst = first;
  if (limits.before) {
    const index = parents.findIndex(inItem);
    if (index !== -1 && index < first) widenedFirst = index;
  }
  let widenedLast = last;
  if (limits.after) {
    const index = parents.findLastIndex(inItem);
    if (index > last) widenedLast = index;
  }
  return { first: widenedFirst, last: widenedLast };
}
