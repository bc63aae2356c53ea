import { isCaption, isInnerFurniture, isPostFurniture } from './boilerplate.js';
import type { CardHeadingLimits } from './card-headings.js';
import type { ClassShapePlaces } from './class-shape.js';
import { childElementsOf, normalizedLengthOf, tagOf } from './dom.js';
import {
  articleNoticeLine,
  creditLine,
  creditTail,
  dateLine,
  figureCaptionLine,
  readAlsoLabelled,
  readAlsoLead,
  sectionOpeners,
} from './furniture-lines.js';
import { dropInsetBoxes, type InsetLimits } from './inset-boxes.js';
import { type ListingItemLimits, listingItemsIn } from './listing-items.js';
import { dropItemCalls } from './listing-run.js';
import { dropLinksOutsideMainRun, MAIN_RUN_LIMITS, type MainRunLimits } from './main-run.js';
import { dropRepeatedPostLines, type PostFurnitureLimits } from './post-furniture.js';
import {
  captionLengthOf,
  countLines,
  dropCaptions,
  dropTeaserCards,
  GALLERY_CAPTION_SHARE,
  REPEATED_ITEM_COUNT,
  repeatedFurnitureOf,
  signatureOf,
} from './prune-blocks.js';
import { breaksFlow, removeSentences } from './runs.js';
import { headedSectionOf, isOpener, openingHeadingOf, removeEmptySections } from './sections.js';
import { linkDensityOf, measure } from './stats.js';
import { dropStoryTail, type StoryTailLimits } from './story-tail.js';
import { SubtreeFacts } from './subtree-facts.js';
import { dropThreadRepeats } from './thread-repeats.js';
import { dropTrailingRepeats, type TrailingRepeatLimits } from './trailing-repeats.js';
import type { Element } from './tree/index.js';

/** An article has a dateline or two (published, updated); more dates are items of a listing. */
const MAX_DATELINES = 2;
/** Content shorter than this keeps its dates. */
const DATED_TEXT_MIN = 1000;

/** Notices are a sentence or two. */
const NOTICE_MAX_LENGTH = 300;

/** A section opened by a "related stories" heading may hold at most this share of the content. */
const SECTION_MAX_SHARE = 0.4;

/** The main run's limits on a thread: link runs after its last post go, whatever their share. */
const AFTER_THE_THREAD = { before: false, edges: false, outsideShare: Number.POSITIVE_INFINITY } as const;

/** Content with more of its text in links than this is treated as a listing, whose links stay. */
const LINK_LIST_CONTENT_DENSITY = 0.3;

/** Elements that may be pruned as a whole. */
const prunableTags = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'p',
  'aside',
  'span',
  'figcaption',
  'header',
  'dl',
  'table',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'time',
]);

/** Furniture is short: a block with more text than this is prose whatever its class says. */
const FURNITURE_MAX_LENGTH = 500;
/**
 * Removes boilerplate that survives inside the chosen content: "related stories" sections with
 * their link lists, bylines, dates, tag lists, share and rating prompts, image credits and
 * link-dense blocks. A block that holds a large share of the content is never removed; on
 * discussion pages each post keeps its poster and date, and the thread is tidied: what it shows
 * twice goes (see `dropThreadRepeats`) and so do the bare links after its last post (`thread:
 * false` keeps both). Link runs outside the main run go (see `dropLinksOutsideMainRun`; `mainRun:
 * false` keeps them, to measure what that changes).
 */
export function pruneContent(
  content: Element[],
  options: {
    discussion: boolean;
    article?: boolean;
    mainRun?: MainRunLimits | false;
    thread?: boolean;
    /** On a thread, drop a block named as a post's signature whatever its length (default true). */
    signatures?: boolean;
    /** Limits of the boxes set among a story's paragraphs (see `dropInsetBoxes`); `false` keeps them. */
    insets?: InsetLimits | false;
    /** Limits of what follows a story's element (see `dropStoryTail`); `false` keeps it. */
    tail?: StoryTailLimits | false;
    /** Limits of a listing's items, judged as the listing's (see `listing-items.ts`); `false`: none are. */
    listingItems?: ListingItemLimits | false;
    /** Which runs of look-alike blocks after an article's story go (see `dropTrailingRepeats`). */
    trailingRepeats?: TrailingRepeatLimits;
    /** Where look-alike blocks are grouped by their class shape, not their whole class (see `class-shape.ts`). */
    classShape?: ClassShapePlaces | false;
    /** On a thread, the short blocks every post repeats go (see `post-furniture.ts`); `false` keeps them. */
    postFurniture?: PostFurnitureLimits | false;
    /** Linked headings among look-alikes are item names, not empty sections (see `card-headings.ts`); `false`: none. */
    cardHeadings?: CardHeadingLimits | false;
  } = {
    discussion: false,
  },
): Element[] {
  // Of several chosen blocks, one that is itself furniture (the author's box beside the article)
  // goes whole.
  const shape = options.classShape || undefined;
  const kept =
    content.length < 2
      ? content
      : content.filter(
          (root) =>
            normalizedLengthOf(root) > FURNITURE_MAX_LENGTH || !isInnerFurniture(root, options.discussion),
        );
  const statsOf = new Map(kept.map((root) => [root, measure(root)]));
  // A thread's posts are judged by the thread's own rules.
  const limits = options.discussion ? false : (options.listingItems ?? false);
  const itemsOf = listingItemsIn(statsOf, { limits, story: options.article ?? false });
  dropItemCalls(kept, itemsOf, options.mainRun === false ? false : options.mainRun?.listing);
  // Metadata may call any page an article; one whose content is a listing's items is pruned as a listing.
  const story = (options.article ?? false) && itemsOf.size === 0;
  for (const root of kept) {
    const stats = statsOf.get(root) ?? measure(root);
    // Each element's text and heading, learned in one walk rather than one walk an element.
    const facts = new SubtreeFacts(root);
    const total = stats.get(root)?.textLength ?? 0;
    // On listings the items are links; only prose-like content loses its link-dense blocks.
    const pruneLinkLists = linkDensityOf(stats.get(root)) < LINK_LIST_CONTENT_DENSITY;
    const isLarge = (element: Element) => (stats.get(element)?.textLength ?? 0) > Math.max(total * 0.4, 200);
    const repeated = repeatedFurnitureOf(root, options.discussion, shape?.furniture);
    // A poster's signature (a list of their builds, their shop's links) may outgrow a byline, or the post.
    const longSignatures = options.discussion && options.signatures !== false;
    // Captions repeat under each picture; they are a gallery's text only when they are much of it.
    // Only repeated furniture needs the measure.
    const captionsAreMinor = repeated.size > 0 && captionLengthOf(root) <= total * GALLERY_CAPTION_SHARE;
    // Each item of a listing may carry its own "filed under" line; those stay.
    const dropNotices =
      !options.discussion &&
      countLines(root, {
        selector: 'p, div, small',
        maxLength: NOTICE_MAX_LENGTH,
        pattern: articleNoticeLine,
        facts,
      }) < REPEATED_ITEM_COUNT;
    // Dated items of a listing keep their dates, and a short page may be about its date (a
    // schedule); an article's lone dateline goes.
    const dropDates =
      !options.discussion &&
      total >= DATED_TEXT_MIN &&
      countLines(root, {
        selector: 'p, div, span, time, li, strong, b, small',
        maxLength: 80,
        pattern: dateLine,
        facts,
      }) <= MAX_DATELINES;
    // A block of prose is not furniture.
    const isFurniture = (element: Element, length: number) =>
      length <= FURNITURE_MAX_LENGTH &&
      isInnerFurniture(element, options.discussion) &&
      // Every post of a thread has its signature and post count; they repeat and still go.
      (!repeated.has(signatureOf(element, shape?.furniture)) ||
        (options.discussion && isPostFurniture(element)) ||
        (captionsAreMinor && isCaption(element)));
    // Inline elements are only marked here: each goes with its whole sentence or not at all.
    const dropped = new Set<Element>();
    const drop = (element: Element) => {
      if (breaksFlow(element)) {
        facts.forget(element);
        element.remove();
      } else dropped.add(element);
    };
    const items = itemsOf.get(root);
    // Inside a listing's item a "Comments" link opens no section, and off a story page a linked
    // title is the item's (on one, links inside the items decide whether they are teasers).
    const visit = (element: Element, inItem = false): void => {
      const children = childElementsOf(element);
      for (let index = 0; index < children.length; index++) {
        const child = children[index]!;
        const measured = stats.get(child);
        const length = measured?.textLength ?? 0;
        if (items?.has(child)) {
          visit(child, true);
          continue;
        }
        // Whatever its share of a short post, a post's signature is not the post.
        if (longSignatures && length < total && isPostFurniture(child)) {
          drop(child);
          continue;
        }
        if (isLarge(child)) {
          visit(child, inItem);
          continue;
        }
        if (isFurniture(child, length)) {
          drop(child);
          continue;
        }
        if (!prunableTags.has(tagOf(child))) {
          visit(child, inItem);
          continue;
        }
        const line = length < NOTICE_MAX_LENGTH ? facts.lineOf(child) : '';
        const text = length < 120 ? line : '';
        if (
          dropNotices &&
          line !== '' &&
          /^(p|div|small|em|i|span)$/.test(tagOf(child)) &&
          (articleNoticeLine.test(line) || figureCaptionLine.test(line) || creditTail.test(line))
        ) {
          drop(child);
          continue;
        }
        const heading = text === '' || options.discussion ? undefined : openingHeadingOf(child, text, facts);
        if (heading) {
          // A "related stories" heading opens a section of teasers, which may be prose.
          const section = headedSectionOf(heading, root, { alsoOpens: (other) => isOpener(other, facts) });
          const sectionLength = section.reduce(
            (sum, element) => sum + (stats.get(element)?.textLength ?? 0),
            0,
          );
          if (sectionLength <= Math.max(total * SECTION_MAX_SHARE, 200)) {
            for (const element of section) drop(element);
            continue;
          }
        }
        if (text !== '' && sectionOpeners.test(text)) {
          drop(child);
          // The links that follow a "related stories" heading go with it.
          while (
            !inItem &&
            index + 1 < children.length &&
            linkDensityOf(stats.get(children[index + 1]!)) > 0.5 &&
            !isLarge(children[index + 1]!)
          ) {
            drop(children[++index]!);
          }
        } else if (text !== '' && (creditLine.test(text) || (dropDates && dateLine.test(text)))) drop(child);
        else if (
          text !== '' &&
          ((readAlsoLead.test(text) && linkDensityOf(measured) > 0.4) || readAlsoLabelled.test(text))
        )
          drop(child);
        else if (
          pruneLinkLists &&
          !(inItem && !story) &&
          !/^(p|h\d)$/.test(tagOf(child)) &&
          length > 0 &&
          length < 1000 &&
          linkDensityOf(measured) > 0.75
        )
          drop(child);
        else visit(child, inItem);
      }
    };
    visit(root);
    removeSentences(dropped);
    if (!options.discussion) dropCaptions(root, total);
    if (story && !options.discussion && pruneLinkLists) dropTeaserCards(root, total);
  }
  if (!options.discussion && options.insets !== false) dropInsetBoxes(kept, options.insets, shape?.insets);
  const tidyThread = options.discussion && options.thread !== false;
  if (tidyThread) dropThreadRepeats(kept);
  if (options.discussion && options.postFurniture) dropRepeatedPostLines(kept, options.postFurniture);
  if (story && !options.discussion) dropTrailingRepeats(kept, options.trailingRepeats, shape?.trailing);
  const { tail } = options;
  if (!options.discussion && tail !== undefined && tail !== false && (story || !tail.articleOnly))
    dropStoryTail(kept, tail, story, shape);
  // A thread's posts each end in their own links (reply, permalink), which are the posts'.
  if (!options.discussion && options.mainRun !== false)
    dropLinksOutsideMainRun(kept, { limits: options.mainRun, article: story, itemsOf });
  // After a thread's last post, bare links (the post's reply and permalink, "similar threads", the
  // forum's index) are no post, however many there are; before its first post they may be the
  // question's title, and the story's edges are a story's.
  if (tidyThread && options.mainRun !== false)
    dropLinksOutsideMainRun(kept, {
      limits: { ...(options.mainRun ?? MAIN_RUN_LIMITS), ...AFTER_THE_THREAD },
      article: false,
    });
  removeEmptySections(kept, options.cardHeadings ?? false);
  return kept;
}
