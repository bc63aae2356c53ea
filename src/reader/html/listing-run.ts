import { closestFinder, isElement, tagOf } from './dom.js';
import { type InlineRun, inlineRunsOf, runText, wordCharacters } from './runs.js';
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
  /**
   * An item's run after its first that is one link or button of at most this many letters and
   * digits is a call to action ("Add to cart", "Compare", "Start course") and goes; 0: none goes.
   */
  callLetters: number;
}

/** What the reader uses: the main run starts with the first item, and an item's short calls go. */
export const LISTING_RUN_LIMITS: ListingRunLimits = { before: true, after: false, callLetters: 12 };

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
  const itemOf = itemFinder(itemsOf);
  const inItem = (element: Element) => itemOf(element) !== undefined;
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

/** The item (of any chosen block's) that holds an element, if any: the nearest. */
function itemFinder(itemsOf: ReadonlyMap<Element, ReadonlySet<Element>>) {
  const items = new Set<Element>();
  for (const group of itemsOf.values()) for (const item of group) items.add(item);
  return closestFinder((element) => items.has(element));
}

/**
 * Removes each listing item's calls to action: after a run of the item's own text (not links), a
 * run that is one short link or button ("Add to cart", "Compare", "Book now", "Start course"). The
 * item's picture or title leads it to its page; a call after its text repeats that link as a
 * command. A run inside a link wrapping the card's blocks is the card's face and stays. Runs go
 * whole, so no sentence loses words.
 */
export function dropItemCalls(
  content: Element[],
  itemsOf: ReadonlyMap<Element, ReadonlySet<Element>>,
  limits: ListingRunLimits | false | undefined,
): void {
  if (!limits || limits.callLetters <= 0 || itemsOf.size === 0) return;
  const itemOf = itemFinder(itemsOf);
  const started = new Set<Element>();
  const callsOf = new Map<Element, InlineRun[]>();
  for (const run of inlineRunsOf(content)) {
    const item = itemOf(run.parent);
    if (!item) continue;
    const letters = wordCharacters(runText(run));
    if (letters === 0) continue;
    if (started.has(item) && letters <= limits.callLetters && isOneCall(run, letters, item)) {
      const calls = callsOf.get(item);
      if (calls) calls.push(run);
      else callsOf.set(item, [run]);
    } else if (saysMoreThanLinks(run, letters, item)) started.add(item);
  }
  // A card carries a command or two; an item with more short links lists them as its content.
  for (const calls of callsOf.values()) {
    if (calls.length > MAX_CALLS) continue;
    for (const run of calls) for (const node of run.nodes) node.parentNode?.removeChild(node);
  }
}

/** An item with more calls to action than this is a list of short links, which stay. */
const MAX_CALLS = 2;

/** Whether a run sits inside a link of its item (a card whose face is its link): walked up to the item only. */
function insideLink(run: InlineRun, item: Element): boolean {
  for (let at: Element | null = run.parent; at && at !== item; at = at.parentElement)
    if (tagOf(at) === 'a') return true;
  return tagOf(item) === 'a';
}

/** Whether most of a run's letters sit outside links: the item's own text (a summary, a price). */
function saysMoreThanLinks(run: InlineRun, letters: number, item: Element): boolean {
  if (insideLink(run, item)) return false;
  let linked = 0;
  for (const node of run.nodes) {
    if (!isElement(node)) continue;
    const links = tagOf(node) === 'a' ? [node] : node.querySelectorAll('a[href]');
    for (const link of links) linked += wordCharacters(link.textContent);
  }
  return linked * 2 < letters;
}

/** Whether all of a run's letters sit in one link or button, itself not inside a link of the item. */
function isOneCall(run: InlineRun, letters: number, item: Element): boolean {
  if (insideLink(run, item)) return false;
  const said = run.nodes.filter((node) => wordCharacters(node.textContent) > 0);
  if (said.length !== 1 || !isElement(said[0]!)) return false;
  const node = said[0];
  const calls = ['a', 'button'].includes(tagOf(node))
    ? [node]
    : node.querySelectorAll('a[href], button').filter((call) => wordCharacters(call.textContent) > 0);
  return (
    calls.length === 1 &&
    (tagOf(calls[0]!) === 'button' || calls[0]!.hasAttribute('href')) &&
    wordCharacters(calls[0]!.textContent) === letters
  );
}
