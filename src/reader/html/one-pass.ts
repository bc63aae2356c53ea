import { withoutBylineLine } from './byline.js';
import { noscriptProse } from './clean.js';
import { cleanPage, type PassMode } from './clean-page.js';
import { headlineLeadOf } from './headline-lead.js';
import { keepFigureCaptions } from './images.js';
import { dropKeptFurniture } from './kept-furniture.js';
import { leadOf, withLead } from './lead.js';
import { withLookAlikeSections } from './look-alike-sections.js';
import { lostRuns, snapshotRuns } from './lost-words.js';
import { renderMarkdown, renderText } from './markdown.js';
import { type PageMetadata, readMetadata } from './metadata.js';
import { withoutPageFrame } from './page-frame.js';
import { elementsByTag } from './page-index.js';
import { contentRootOf, parseDocument } from './parse.js';
import { pruneContent } from './prune.js';
import { selectMainContent } from './select.js';
import { trimStandfirst } from './standfirst.js';
import type { ReaderSwitches } from './switches.js';
import { dropAtTitleHeading } from './title-heading.js';
import type { Element } from './tree/index.js';
import { dropUnlikelyUnits } from './unit-filter.js';
import { baseUrlOf, pageLinksOf } from './urls.js';

export type { PassMode } from './clean-page.js';

export interface PassResult {
  metadata: PageMetadata;
  markdown: string;
  text: string;
  links: string[];
  /** Visible text of the page after the pass's cleaning (whitespace collapsed), and its length. */
  pageText: string;
  pageLength: number;
  /** Text characters inside the page's `<noscript>` blocks (counted by the normal pass only). */
  noscriptLength: number;
  /** Runs of the chosen blocks kept only in part (when checked): see `findLostWords`. */
  lostWords: string[];
  /** Whether the page's metadata calls it an article (a dated story). */
  article: boolean;
  /** Whether the page shows one product (its comment blocks are reviews, not a thread). */
  product: boolean;
  /** The rendered content elements, and the base their relative links resolve against. */
  content: Element[];
  baseUrl: string | undefined;
  /** The pass that produced this result. */
  mode: PassMode;
  /** Whether the cleaning removed `<noscript>` or hidden blocks (else a gentle pass is the same). */
  removedHidden: boolean;
  /** Whether the pass kept comment blocks (a discussion page, or the with-comments pass). */
  keptComments: boolean;
}

/** How one pass reads a page: its URL, how hard it cleans, and the mechanisms it runs. */
export interface PassOptions {
  url: string;
  mode: PassMode;
  check: boolean;
  switches: ReaderSwitches;
}

/**
 * One pass over a page: parse it, clean it as hard as `mode` says, choose the main content, prune
 * and render it; `extract.ts` decides which passes a page needs and which result it keeps.
 */
export function runOnePass(html: string, { url, mode, check, switches }: PassOptions): PassResult {
  const document = parseDocument(html);
  const metadata = readMetadata(document);
  const baseUrl = baseUrlOf(document, url);
  const root = contentRootOf(document);
  const links = pageLinksOf(document, baseUrl);
  // Only the normal pass's result decides whether to look in `<noscript>`.
  const noscriptLength =
    mode === 'normal'
      ? elementsByTag(document, 'noscript').reduce((sum, element) => sum + noscriptProse(element).length, 0)
      : 0;
  const { posts } = switches;
  const shape = switches.classShape || undefined;
  const { keepComments, article, product, statesTitle, removedHidden } = cleanPage(document, metadata, {
    url,
    mode,
    switches,
  });
  const pageText = root.textContent.replace(/\s+/g, ' ');
  const selected =
    mode === 'whole-body'
      ? [root]
      : selectMainContent(root, {
          discussion: keepComments,
          product,
          article,
          storyBelowHeadline: switches.storyBelowHeadline,
          postContainer: posts.postContainer,
          openingLevels: posts.openingLevels,
          footer: switches.footer,
          classShape: shape,
          proseChild: switches.proseChild,
        });
  // A page neither story nor discussion may set its content in a run of look-alike sections.
  const sections = switches.lookAlikeSections;
  const widened =
    sections && mode !== 'whole-body' && (!article || sections.stories) && !keepComments
      ? withLookAlikeSections(selected, root, sections)
      : selected;
  const chosen = mode === 'whole-body' ? widened : withoutPageFurniture(widened, root, switches);
  const snapshot = check ? snapshotRuns(chosen) : [];
  keepFigureCaptions(chosen);
  const content =
    mode === 'whole-body'
      ? chosen
      : pruneContent(chosen, {
          discussion: keepComments,
          article,
          mainRun: switches.mainRun && { ...switches.mainRun, listing: switches.listingRun },
          thread: switches.thread,
          signatures: posts.longSignatures,
          insets: switches.insets,
          tail: switches.tail,
          listingItems: switches.listingItems,
          trailingRepeats: switches.trailingRepeats,
          classShape: switches.classShape,
          postFurniture: switches.postFurniture,
          cardHeadings: switches.cardHeadings,
        });
  // What stands ahead of the heading that repeats the title the page states (see `title-heading.ts`).
  if (mode !== 'whole-body' && switches.titleHeading && statesTitle)
    dropAtTitleHeading(content, metadata.title, switches.titleHeading);
  const withDescribed =
    mode === 'whole-body' ? content : withLead(content, standfirstOf(root, content, metadata, switches));
  const withStandfirst = withHeadlineLead(withDescribed, root, { mode, keepComments, article, switches });
  // A story's byline set as the first line of its body ("By Jane Roe, 3 March 2024") is metadata;
  // on a discussion page each post's poster line belongs to the post.
  const { content: shown, author } = keepComments
    ? { content: withStandfirst, author: undefined }
    : withoutBylineLine(withStandfirst, metadata.byline, shape?.byline);
  // The units a trained model judges not the page's own go last, once what stays was decided by rule.
  if (switches.unitFilter)
    dropUnlikelyUnits(
      shown,
      { title: metadata.title, article, product, discussion: keepComments },
      switches.unitFilter,
    );
  const { wordBoundaries } = switches;
  const text = renderText(shown, { wordBoundaries });
  return {
    metadata:
      metadata.byline === undefined && author !== undefined ? { ...metadata, byline: author } : metadata,
    links,
    pageText,
    pageLength: pageText.length,
    noscriptLength,
    markdown: renderMarkdown(shown, { baseUrl, wordBoundaries }),
    text,
    lostWords: check ? lostRuns(snapshot, shown, text) : [],
    article,
    product,
    content: shown,
    baseUrl,
    mode,
    removedHidden,
    keptComments: keepComments,
  };
}

/** The page's standfirst (`lead.ts`), with only the description's own blocks when `standfirst` says so. */
function standfirstOf(root: Element, content: Element[], metadata: PageMetadata, switches: ReaderSwitches) {
  const lead = leadOf(root, content, metadata.description);
  return switches.standfirst ? trimStandfirst(lead, metadata.description, switches.standfirst) : lead;
}

/**
 * The chosen content without what frames the page: its footer and banner (`page-frame.ts`), then the
 * furniture cleaning kept for its size (`kept-furniture.ts`) — both ask what the chosen blocks hold.
 */
function withoutPageFurniture(chosen: Element[], root: Element, switches: ReaderSwitches): Element[] {
  const content = switches.pageFrame ? withoutPageFrame(chosen, root, switches.pageFrame) : chosen;
  if (switches.keptFurniture) dropKeptFurniture(content, switches.keptFurniture);
  return content;
}

/** The content after the lead set between its headline and it (see `headline-lead.ts`), when one is. */
function withHeadlineLead(
  content: Element[],
  root: Element,
  page: { mode: PassMode; keepComments: boolean; article: boolean; switches: ReaderSwitches },
): Element[] {
  const limits = page.switches.headlineLead;
  if (!limits || page.mode === 'whole-body' || page.keepComments || (limits.articleOnly && !page.article))
    return content;
  return [...headlineLeadOf(root, content, limits), ...content];
}
