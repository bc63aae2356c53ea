import { normalizeSpace } from './dom.js';
import { type ElementStats, measure } from './stats.js';
import type { Element } from './tree/index.js';

/** When a short story's comment blocks are read as the thread it opens (see `withThreadBelow`). */
export interface ThreadBelowLimits {
  /** Below this many characters of the normal pass's text the pass keeping comment blocks is tried. */
  below: number;
  /** How many times the normal pass's text that pass must find to be taken. */
  gain: number;
  /**
   * Whether a page whose metadata calls it an article (a dated story, a blog post) is tried too:
   * its comment blocks are mostly its readers' remarks, not a thread it opens.
   */
  articles: boolean;
}

/**
 * Below 2500 characters, twice the text, pages that do not call themselves articles: the folds'
 * choice on WCXB (2026-12-03, `--variants forum2`; see `reader-variant-sets-forum.ts`).
 */
export const THREAD_BELOW_LIMITS: ThreadBelowLimits = { below: 2500, gain: 2, articles: false };

/**
 * What the choice reads of a pass's result (`PassResult` in one-pass.ts, which reads the switches
 * and so cannot be imported here).
 */
interface ReadPass {
  text: string;
  article: boolean;
  product: boolean;
  content: Element[];
  mode: string;
  keptComments: boolean;
}

/** Characters of the story's opening that the thread read after it must hold. */
const THREAD_OPENING_PROBE = 100;

/** The largest share of the text a thread adds to its post that may sit in links: replies are prose. */
const ADDED_LINK_SHARE = 0.5;

/**
 * A short post (a thread's opening post, a shared link's summary, a changelog posted to a
 * community) that the page's comment blocks outweigh is a thread's head: the pass keeping comments
 * reads the thread. Only below `limits.below` characters, when that pass finds `limits.gain` times
 * the text with the post's opening among it, and what it adds is mostly prose (a pass that took the
 * site's menus with the post read the page, not a thread); and (unless `limits.articles`) on a page
 * whose metadata does not call it an article, where comments are readers' remarks on a story. Never on a product
 * page, whose comment blocks are its reviews. `triedBelow`: the length under which the fallback
 * tried that pass already (and it lost).
 */
export function withThreadBelow<Pass extends ReadPass>(
  result: Pass,
  limits: ThreadBelowLimits | false,
  { triedBelow, withComments }: { triedBelow: number; withComments: () => Pass },
): Pass {
  if (limits === false || result.keptComments || result.product || result.mode !== 'normal') return result;
  if (result.article && !limits.articles) return result;
  if (result.text.length >= limits.below || result.text.length < triedBelow) return result;
  const thread = withComments();
  // The thread holds the story it follows: a pass that chose other blocks read another part of the page.
  const opening = normalizeSpace(result.text).slice(0, THREAD_OPENING_PROBE);
  const holdsStory = normalizeSpace(thread.text).includes(opening);
  if (!holdsStory || thread.text.length <= result.text.length * limits.gain) return result;
  const post = statsOf(result);
  const whole = statsOf(thread);
  const added = whole.textLength - post.textLength;
  return whole.linkTextLength - post.linkTextLength <= added * ADDED_LINK_SHARE ? thread : result;
}

/** The text and linked text of a pass's content. */
function statsOf(result: ReadPass): Pick<ElementStats, 'textLength' | 'linkTextLength'> {
  let textLength = 0;
  let linkTextLength = 0;
  for (const element of result.content) {
    const stats = measure(element).get(element);
    textLength += stats?.textLength ?? 0;
    linkTextLength += stats?.linkTextLength ?? 0;
  }
  return { textLength, linkTextLength };
}
