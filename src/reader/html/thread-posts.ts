import { classShapeOf } from './class-shape.js';
import { descendantsOf, tagOf } from './dom.js';
import { measure, proseLength } from './stats.js';
import type { Element } from './tree/index.js';

/**
 * How a thread's posts are found, each mechanism on by default; a benchmark turns one off to
 * measure what it changes (`ReaderSwitches.posts`).
 */
export interface PostMechanisms {
  /**
   * A `<form>` holding no control anyone fills (only hidden inputs) is a wrapper, judged like any
   * block: forum software wraps a thread's posts in a moderation form, old Reddit each comment's
   * text in an edit form. A form with a field or button is a form and goes unless large.
   */
  wrapperForms: boolean;
  /**
   * A `Question` of a `FAQPage` is the site answering its own readers, not a thread: the page is not
   * read as a discussion for it (a `QAPage` or `DiscussionForumPosting` still is).
   */
  faqIsNotThread: boolean;
  /**
   * A page whose path names it a comments page (`/r/science/comments/1rku5x9/…`) with post blocks
   * is a discussion, as a `/threads/` or `/topic/` path is: its comments are its content.
   */
  commentsPath: boolean;
  /**
   * On a discussion page, the chosen post stands for the container of its look-alike siblings when
   * they are posts (each names a poster and a time): a long first post (a pasted log) does not hide
   * the replies, however little text they hold beside it.
   */
  postContainer: boolean;
  /**
   * On a discussion page, a block named as a post's signature goes whatever its length (a poster's
   * list of builds, their shop's links); other furniture goes only while short.
   */
  longSignatures: boolean;
  /**
   * How many levels further out than the replies' container's parent the opening post is looked for
   * (a theme that sets it beside a block wrapping the replies): a post (poster and time, and 150
   * letters outside links, which a thread's header lacks) before the block on the way makes the
   * thread the block's parent; a chosen block holding look-alike posts itself is the replies'
   * container. 0: only beside the container the chosen post sits in (as before 2026-12-03).
   */
  openingLevels: number;
}

/** Every mechanism on: what the reader ships. */
export const POST_MECHANISMS: PostMechanisms = {
  wrapperForms: true,
  faqIsNotThread: true,
  commentsPath: true,
  postContainer: true,
  longSignatures: true,
  openingLevels: 2,
};

/** Controls a reader fills or presses; a hidden `<input>` is none. */
const controlTags = new Set(['input', 'textarea', 'select', 'button']);

/**
 * The forms under `root` that hold a control anyone fills or presses (a field, a list, a button);
 * the others only wrap what they hold. Each control marks its nearest form, found through its
 * parent's (learned in document order): one walk, whatever the nesting.
 */
export function formsWithControls(root: Element): Set<Element> {
  const formOf = new Map<Element, Element | undefined>();
  const withControls = new Set<Element>();
  for (const element of descendantsOf(root)) {
    const parent = element.parentElement;
    const parentForm = parent === null ? undefined : tagOf(parent) === 'form' ? parent : formOf.get(parent);
    if (parentForm === undefined) continue;
    // Outside forms (most of a page) nothing is noted: a missing entry reads as no form.
    formOf.set(element, parentForm);
    if (!controlTags.has(tagOf(element))) continue;
    if (tagOf(element) === 'input' && (element.getAttribute('type') ?? '').toLowerCase() === 'hidden')
      continue;
    withControls.add(parentForm);
  }
  return withControls;
}

/** What names a post's poster in its markup: schema.org, link relations, forum software's data attributes. */
export const posterMarkupSelector = '[itemprop="author"], [rel="author"], [data-author], [data-user-id]';
/** What names a post's poster: its markup, then the class names forum software uses. */
export const posterSelector = `${posterMarkupSelector}, [class*="author" i], [class*="user" i], [class*="poster" i]`;
/** What dates a post. */
export const timeSelector = 'time, [datetime], [itemprop="datePublished"], [itemprop="dateCreated"]';

/** How many levels above the chosen block its thread is looked for. */
const THREAD_LEVELS = 10;

/**
 * On a discussion page, the container of the look-alike posts (same tag and first class, at least
 * two of them naming a poster and a time) that the chosen block sits in, the highest within a few
 * levels, or (with `openingLevels`) the chosen block itself when it holds them; widened to hold the
 * thread's opening post when one is set before it (see `PostMechanisms.openingLevels`); undefined
 * when it sits in none.
 */
export function threadAround(
  top: Element,
  root: Element,
  shaped = false,
  openingLevels = 0,
): Element | undefined {
  let thread: Element | undefined;
  let element: Element | null = top;
  for (let level = 0; element && element !== root && level < THREAD_LEVELS; level++) {
    const parent: Element | null = element.parentElement;
    if (parent && postsAlike(element, parent, shaped) >= 2) thread = parent;
    element = parent;
  }
  // The chosen block may be the replies' container itself, which names no thread above it.
  const chosenIsThread = !thread && openingLevels > 0 && holdsPosts(top, shaped);
  if (chosenIsThread) thread = top;
  // A Q&A page sets its question apart, before the answers' container: the thread is both.
  const around = thread?.parentElement;
  if (!thread || !around || thread === root) return thread;
  if (!chosenIsThread && opensThread(thread, around)) return around;
  // Further out, or beside a container chosen whole, only a block that reads as a post (poster and
  // time) is the opening one.
  if (chosenIsThread && postBefore(thread, around)) return around;
  let inner = around;
  for (let level = 0; level < openingLevels && inner !== root; level++) {
    const outer = inner.parentElement;
    if (!outer) break;
    if (postBefore(inner, outer)) return outer;
    inner = outer;
  }
  return thread;
}

/** Whether two or more of the element's children of one kind read as posts. */
function holdsPosts(element: Element, shaped: boolean): boolean {
  const posts = new Set<string>();
  for (const child of element.children) {
    if (!isPost(child)) continue;
    const kind = postKindOf(child, shaped);
    if (posts.has(kind)) return true;
    posts.add(kind);
  }
  return false;
}

/** Characters outside links an opening post holds at least: a thread's header (title, poster, date) holds fewer. */
const OPENING_POST_PROSE = 150;

/** Whether a block before `inner`, among its parent's children, reads as a post with text of its own. */
function postBefore(inner: Element, parent: Element): boolean {
  for (const sibling of parent.children) {
    if (sibling === inner) return false;
    if (isPost(sibling) && proseLength(measure(sibling).get(sibling)) >= OPENING_POST_PROSE) return true;
  }
  return false;
}

/** Whether a block before the replies' container, beside it, reads as a post (the opening one). */
function opensThread(replies: Element, parent: Element): boolean {
  for (const sibling of parent.children) {
    if (sibling === replies) return false;
    // Its date may have gone with its byline's furniture; its poster's card stays.
    if (sibling.querySelector(posterSelector)) return true;
  }
  return false;
}

function isPost(element: Element): boolean {
  return element.querySelector(posterSelector) !== null && element.querySelector(timeSelector) !== null;
}

/** How many of the element's look-alike siblings (itself included) read as posts. */
function postsAlike(element: Element, parent: Element, shaped: boolean): number {
  const kind = postKindOf(element, shaped);
  let posts = 0;
  for (const sibling of parent.children) {
    if (postKindOf(sibling, shaped) !== kind) continue;
    if (isPost(sibling)) posts++;
    if (posts >= 2) break;
  }
  return posts;
}

/**
 * Tag and first class token: what look-alike posts share (`div.post bg1` beside `div.post bg2`);
 * or tag and class shape, `shaped` (`div.post-123` beside `div.post-124`, see `class-shape.ts`).
 * Not `prune-blocks.ts`' `signatureOf` (tag and whole class), which finds furniture repeated as is.
 */
export function postKindOf(element: Element, shaped = false): string {
  if (shaped) return `${tagOf(element)}.${classShapeOf(element)}`;
  return `${tagOf(element)}.${(element.getAttribute('class') ?? '').trim().split(/\s+/)[0]}`;
}
