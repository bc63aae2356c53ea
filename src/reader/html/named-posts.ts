import { descendantsOf } from './dom.js';
import { posterSelector, postKindOf } from './thread-posts.js';
import type { Document, Element } from './tree/index.js';

/** What names a post's poster: what a thread's posts are found by (`posterSelector`), or a byline. */
const namesPosterSelector = `${posterSelector}, [class*="byline" i]`;

/** How many look-alike sibling blocks, each naming its poster, make a page's run of posts. */
export const NAMED_POSTS_MINIMUM = 2;

/**
 * Whether the page holds a run of posts: at least `minimum` sibling blocks of one kind (tag and
 * first class, `postKindOf`) that each name a poster (`posterSelector`: schema.org's author, an
 * author or user block). A forum's thread, a Q&A page's answers, a comments page's comments all
 * do; a shop's product or an encyclopedia's topic whose path happens to read like a forum's
 * (`/t/…`, `/topic/…`) and whose promotion or hidden answer boxes are classed like posts do not.
 * One walk from the last element to the first marks each element holding a poster's name (its own
 * or a descendant's), then one pass counts the marked children of each parent by kind: linear
 * whatever the nesting.
 */
export function holdsNamedPosts(document: Document, minimum = NAMED_POSTS_MINIMUM, shaped = false): boolean {
  const elements = descendantsOf(document);
  const namesPoster = new Set<Element>();
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    if (!namesPoster.has(element) && !element.matches(namesPosterSelector)) continue;
    namesPoster.add(element);
    const parent = element.parentElement;
    if (parent) namesPoster.add(parent);
  }
  const counts = new Map<Element, Map<string, number>>();
  for (const element of namesPoster) {
    const parent = element.parentElement;
    if (!parent) continue;
    const byKind = counts.get(parent) ?? new Map<string, number>();
    counts.set(parent, byKind);
    const kind = postKindOf(element, shaped);
    const count = (byKind.get(kind) ?? 0) + 1;
    if (count >= minimum) return true;
    byKind.set(kind, count);
  }
  return false;
}
