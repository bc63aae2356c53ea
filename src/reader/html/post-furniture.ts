import { childElementsOf, descendantsOf, isElement, isText, normalizeSpace, tagOf } from './dom.js';
import { flowBreaker } from './runs.js';
import { posterMarkupSelector, timeSelector } from './thread-posts.js';
import type { Element } from './tree/index.js';

/** What a thread's posts each repeat, and how often it must stand to be read as theirs. */
export interface PostFurnitureLimits {
  /** The longest such block (characters): a label and its value, a rank, a status. */
  maxLength: number;
  /** In how many places (blocks with different parents) the same short text stands, at least. */
  minPlaces: number;
}

/** Two places: every fold by site chose 2 over 3 on WCXB (2026-12-03; see `reader-variant-sets-forum.ts`). */
export const POST_FURNITURE_LIMITS: PostFurnitureLimits = { maxLength: 40, minPlaces: 2 };

/**
 * What names a post's poster or dates it: the post's own, however alike from post to post. The
 * poster by markup only (schema.org, a link relation, forum software's data attributes): a class
 * naming a user (`posterSelector`'s) marks their rank and stats as much as their name.
 */
const headerMarks = `${posterMarkupSelector}, ${timeSelector}`;

/** How many times its length a short block's text may be with its markup's runs of space. */
const WRAPPER_SPACE = 16;

/** A sentence (it ends as one) is a post's text, however short and often said ("Thanks!"). */
const sentenceEnd = /[.!?]["'”’)]*$/;

/**
 * Blocks whose text is the content's whatever it repeats: a paragraph, a quote of another post,
 * code, a data table's cells.
 */
const contentTags = new Set(['p', 'blockquote', 'pre', 'code', 'td', 'th']);

/** A label and its value ("Messages: 1,234"): the label, without digits, is what each post repeats. */
const labelled = /^(\D{1,30}?):\s/;

/**
 * Removes from a thread the short blocks its posts each repeat: the same text, or the same label
 * whatever its value ("Messages: 1,234"), standing as a block of its own in `minPlaces` places or
 * more — a poster's rank ("Premium Member"), their stats, "Offline". What names the poster or dates
 * the post is the post's, however alike (marked as such, or all links); so is a sentence, a
 * paragraph, a quote, code and a table's cells. Blocks under one parent count once, so a post's own
 * list of short lines is no repeat. A longer block seen twice is `dropThreadRepeats`' (its first copy
 * stays: it may be the post). One walk up each root (`shortBlocksOf`), then one down.
 */
export function dropRepeatedPostLines(content: Element[], limits: PostFurnitureLimits): void {
  const places = new Map<string, Places>();
  const breaksFlow = flowBreaker();
  for (const root of content) {
    const { texts: short, marks } = shortBlocksOf(root, limits.maxLength * WRAPPER_SPACE);
    const visit = (element: Element, parentText: string | undefined): void => {
      // What a link or a mark holds is theirs: a poster's name set in a `<span>` inside the link to them.
      if (contentTags.has(tagOf(element)) || tagOf(element) === 'a' || marks.has(element)) return;
      const raw = short.get(element);
      const text = raw === undefined ? undefined : normalizeSpace(raw);
      // The outermost of blocks with one text counts: a wrapper and the line it wraps are one place.
      if (
        text !== undefined &&
        text !== parentText &&
        text !== '' &&
        text.length <= limits.maxLength &&
        !sentenceEnd.test(text) &&
        breaksFlow(element)
      ) {
        const key = keyOf(text);
        const parent = element.parentElement;
        const known = places.get(key);
        if (known === undefined) places.set(key, { first: parent, blocks: [element] });
        else {
          if (parent !== known.first) {
            known.parents ??= new Set([known.first]);
            known.parents.add(parent);
          }
          known.blocks.push(element);
        }
      }
      for (const child of childElementsOf(element)) visit(child, text);
    };
    for (const child of childElementsOf(root)) visit(child, undefined);
  }
  for (const { parents, blocks } of places.values()) {
    if ((parents?.size ?? 1) < limits.minPlaces) continue;
    for (const block of blocks) block.remove();
  }
}

/** A short text's blocks and their parents: the first alone until a second differs (most stand once). */
interface Places {
  first: Element | null;
  parents?: Set<Element | null>;
  blocks: Element[];
}

/** What look-alike blocks share: their text, or a label's without its value (each poster's count differs). */
function keyOf(text: string): string {
  const label = labelled.exec(text);
  return label ? `${label[1]}:` : text;
}

/**
 * The elements under `root` that may be a post's furniture, each with its text as written: at most
 * `cap` characters, some of them outside links (a block all links is a poster's name or a post's
 * permalink), and nothing in it marked as naming the poster or dating the post; and the short
 * elements so marked (a post marked with its poster's name is long, and read inside). One walk, read
 * backwards (children come after their parents in document order), each element's text built from
 * its children's only while it is short.
 */
function shortBlocksOf(root: Element, cap: number): { texts: Map<Element, string>; marks: Set<Element> } {
  const elements = descendantsOf(root);
  const texts = new Map<Element, string>();
  // Elements past the cap, or holding a mark, have no text here; those with text outside links are listed.
  const tooLong = new Set<Element>();
  const marked = new Set<Element>();
  const marks = new Set<Element>();
  const unlinked = new Set<Element>();
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index]!;
    const isLink = tagOf(element) === 'a';
    let text = '';
    let long = false;
    let mark = element.matches(headerMarks);
    const ownMark = mark;
    let outsideLinks = false;
    for (let node = element.firstChild; node !== null; node = node.nextSibling) {
      if (isText(node)) {
        text += node.data;
        if (!isLink && node.data.trim() !== '') outsideLinks = true;
      } else if (isElement(node)) {
        if (marked.has(node)) mark = true;
        if (tooLong.has(node)) long = true;
        else text += texts.get(node) ?? '';
        if (!isLink && unlinked.has(node)) outsideLinks = true;
      }
      if (text.length > cap) long = true;
      if (long) text = '';
    }
    if (mark) marked.add(element);
    if (outsideLinks) unlinked.add(element);
    if (long) tooLong.add(element);
    else if (ownMark) marks.add(element);
    else if (!mark) texts.set(element, text);
  }
  for (const element of texts.keys()) if (!unlinked.has(element)) texts.delete(element);
  return { texts, marks };
}
