import { withoutBylineLine } from './byline.js';
import { noscriptProse, removeBoilerplate } from './clean.js';
import {
  anyRival,
  bodyOf,
  descriptionMayHaveRival,
  type RivalBasics,
  type RivalRequirements,
} from './description-region.js';
import { keepFigureCaptions, pageImagesOf } from './images.js';
import { leadOf, withLead } from './lead.js';
import { lostRuns, snapshotRuns } from './lost-words.js';
import type { MainRunLimits } from './main-run.js';
import { renderMarkdown, renderText } from './markdown.js';
import { type PageMetadata, readMetadata } from './metadata.js';
import { elementsByTag, forgetPageIndex } from './page-index.js';
import { isArticlePage, isDiscussionPage } from './page-kind.js';
import { contentRootOf, parseDocument } from './parse.js';
import { isProductListPage, isProductPage, removeProductExtras } from './product.js';
import { pruneContent } from './prune.js';
import { readabilityContentOf } from './readability-candidate.js';
import { cluesOf, evidenceOf, isDoubtful, mayPreferSecond, prefersSecond } from './second-opinion.js';
import { selectMainContent } from './select.js';
import type { Element } from './tree/index.js';
import type { ExtractedPage, ExtractHtmlOptions } from './types.js';
import { baseUrlOf, pageLinksOf } from './urls.js';
import { wordsOf } from './word-share.js';

/** Below this many characters a normal pass's result is suspected of missing the content. */
const SHORT_TEXT = 500;

/** How many times more text the pass keeping comments must find to replace the others'. */
const COMMENTS_PASS_GAIN = 3;

/** Below this many characters an article page's story is too small to be believed. */
const TINY_ARTICLE_TEXT = 200;

/** Below this many characters the page is treated as having no text of its own. */
const NO_TEXT = 100;

/** How hard a pass cleans before choosing the content. */
type PassMode = 'normal' | 'gentle' | 'with-comments' | 'whole-body';

interface PassResult {
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

/**
 * Whether Readability's second opinion was asked (our candidate in doubt) and whether it won;
 * `could-not-win`: in doubt, but no candidate could have won, so Readability was not run.
 */
export type SecondOpinion = 'not-asked' | 'could-not-win' | 'kept-ours' | 'took-readability';

/** What one extraction found, with how it was decided: for tests and benchmarks. */
export interface ExtractionDetails {
  page: ExtractedPage;
  /** Runs of the chosen blocks kept only in part (checked only when asked): see `findLostWords`. */
  lostWords: string[];
  secondOpinion: SecondOpinion;
}

/**
 * Extracts the main content of an HTML page as markdown and plain text, with its metadata.
 * A normal pass removes boilerplate and picks the best-scoring region; when that yields little
 * text, a gentle pass (keeping `<noscript>` and hidden blocks) and then a pass keeping comment
 * blocks try again, and the last resort is the whole body minus scripts; a page with next to no
 * text falls back to its meta description. Never throws on broken markup.
 */
export function extractHtml(html: string, options: ExtractHtmlOptions): ExtractedPage {
  return extract(html, options, false).page;
}

/**
 * `extractHtml` with how the content was chosen, and (with `checkLostWords`) the lost-words check;
 * `secondOpinion: false` never asks Readability and `mainRun` sets or turns off the main run's
 * limits (to measure what they change).
 */
export function extractHtmlWithDetails(html: string, options: DetailedExtractOptions): ExtractionDetails {
  return extract(html, options, options.checkLostWords ?? false, options);
}

/** `extractHtml`'s options with what a test or benchmark may vary. */
export interface DetailedExtractOptions extends ExtractHtmlOptions {
  /** Run the lost-words check (default false). */
  checkLostWords?: boolean;
  /** Ask Readability's second opinion when in doubt (default true). */
  secondOpinion?: boolean;
  /** Limits of the main run outside which link runs go; `false` keeps them (default `MAIN_RUN_LIMITS`). */
  mainRun?: MainRunLimits | false;
  /** Tidy a thread (default true): what it shows twice and the bare links after its last post go. */
  thread?: boolean;
  /** Remove the text a page marks as not its own (default true; see `CleanOptions.pageMarks`). */
  pageMarks?: boolean;
}

/**
 * Extracts the page as `extractHtml` does and checks the "no lost words" rule on the way: every
 * inline run (a paragraph's text with its links and emphasis) of the chosen blocks that is kept at
 * all must be in the output whole. Returns the runs that were not, as they read before pruning
 * (whitespace removed); an empty list when the rule held. For tests and benchmarks.
 */
export function findLostWords(html: string, options: ExtractHtmlOptions): string[] {
  return extract(html, options, true).lostWords;
}

function extract(
  html: string,
  options: ExtractHtmlOptions,
  check: boolean,
  variant: Pick<DetailedExtractOptions, 'secondOpinion' | 'mainRun' | 'thread' | 'pageMarks'> = {},
): ExtractionDetails {
  const askSecondOpinion = variant.secondOpinion ?? true;
  const runPass = (pageHtml: string, url: string, mode: PassMode) =>
    runOnePass(pageHtml, {
      url,
      mode,
      check,
      mainRun: variant.mainRun,
      thread: variant.thread ?? true,
      pageMarks: variant.pageMarks ?? true,
    });
  let result = runPass(html, options.url, 'normal');
  // Blogs rendered by scripts keep the whole post in `<noscript>` for readers without them.
  const inNoscript = result.noscriptLength > result.text.length * 2;
  // A page whose metadata calls it an article is read as a thread or a whole page only when the
  // article found is tiny: a short (paywalled) story is still the story.
  const fallbackBelow = result.article ? TINY_ARTICLE_TEXT : SHORT_TEXT;
  if (result.text.length < SHORT_TEXT || inNoscript) {
    // A gentle pass over a page whose cleaning removed nothing hidden would read the same page again.
    const gentle = result.removedHidden ? runPass(html, options.url, 'gentle') : result;
    if (gentle.text.length > result.text.length * 2) result = gentle;
    if (result.text.length < fallbackBelow) {
      // A thread the page does not announce as a discussion (link aggregators, old Reddit) has its
      // posts in comment blocks; keeping them must yield much more text to be believed. On a
      // discussion page the gentle pass kept them already.
      const withComments = gentle.keptComments ? gentle : runPass(html, options.url, 'with-comments');
      if (withComments.text.length > result.text.length * COMMENTS_PASS_GAIN) result = withComments;
    }
    if (result.text.length < fallbackBelow && gentle.pageLength > result.text.length * 4) {
      const wholeBody = runPass(html, options.url, 'whole-body');
      if (wholeBody.text.length > result.text.length * 2) result = wholeBody;
    }
  }
  const second = askSecondOpinion
    ? withSecondOpinion(html, result, check)
    : { result, opinion: 'not-asked' as const };
  result = second.result;
  const { metadata, links } = result;
  const images = pageImagesOf(result.content, result.baseUrl);
  let { markdown, text } = result;
  const description = metadata.description ?? '';
  let { lostWords } = result;
  if (text.length < NO_TEXT && description.length > text.length) {
    // Pages that render their content with scripts often state it only in their description.
    markdown = description;
    text = description;
    lostWords = [];
  }
  const page: ExtractedPage = {
    title: metadata.title,
    ...(metadata.byline === undefined ? {} : { byline: metadata.byline }),
    ...(metadata.publishedAt === undefined ? {} : { publishedAt: metadata.publishedAt }),
    ...(metadata.lang === undefined ? {} : { lang: metadata.lang }),
    ...(metadata.siteName === undefined ? {} : { siteName: metadata.siteName }),
    markdown,
    text,
    links,
    ...(images.length === 0 ? {} : { images }),
  };
  return { page, lostWords, secondOpinion: second.opinion };
}

/**
 * When our candidate for a story page is in doubt, asks Readability for its own and takes it if the
 * page's evidence is on its side (see second-opinion.ts). Its content is rendered as ours is.
 */
function withSecondOpinion(
  html: string,
  result: PassResult,
  check: boolean,
): { result: PassResult; opinion: SecondOpinion } {
  // Only story pages are ever in doubt: the common case costs one check of the metadata.
  if (!isArticlePage(result.metadata)) return { result, opinion: 'not-asked' };
  const clues = cluesOf(result.metadata);
  const ours = evidenceOf(result.content, result.text);
  if (!isDoubtful(ours, clues)) return { result, opinion: 'not-asked' };
  const oursIsWholePage = result.mode === 'whole-body';
  const body = bodyOf(result.content);
  const probes = {
    oursIsWholePage,
    descriptionMayHaveRival: (requirements: RivalRequirements) =>
      body === undefined || descriptionMayHaveRival(body, requirements),
    anyRival: (requirements: RivalBasics) => body === undefined || anyRival(body, requirements),
  };
  if (!mayPreferSecond(ours, clues, () => wordsOf(result.pageText), probes))
    return { result, opinion: 'could-not-win' };
  const element = readabilityContentOf(html);
  if (!element) return { result, opinion: 'kept-ours' };
  const snapshot = check ? snapshotRuns([element]) : [];
  const text = renderText([element]);
  if (!prefersSecond(ours, evidenceOf([element], text), clues, { oursIsWholePage }))
    return { result, opinion: 'kept-ours' };
  const markdown = renderMarkdown([element], { baseUrl: result.baseUrl });
  const lostWords = check ? lostRuns(snapshot, [element], text) : [];
  return {
    result: { ...result, markdown, text, lostWords, content: [element] },
    opinion: 'took-readability',
  };
}

/** How one pass reads a page: its URL, how hard it cleans, and what a benchmark varies. */
interface PassOptions {
  url: string;
  mode: PassMode;
  check: boolean;
  mainRun: MainRunLimits | false | undefined;
  /** Tidy a thread (see `DetailedExtractOptions.thread`). */
  thread: boolean;
  /** Remove the text the page marks as not its own (see `CleanOptions.pageMarks`). */
  pageMarks: boolean;
}

function runOnePass(html: string, { url, mode, check, mainRun, thread, pageMarks }: PassOptions): PassResult {
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
  const keepComments = mode === 'with-comments' || isDiscussionPage(document, url, metadata);
  const article = isArticlePage(metadata);
  // Before cleaning, which removes the forms holding a shop's buy button.
  const product = isProductPage(document, metadata);
  const productList = !product && isProductListPage(document);
  forgetPageIndex(document);
  const { removedHidden } = removeBoilerplate(root, {
    keepComments,
    gentle: mode !== 'normal',
    article,
    pageMarks,
  });
  // Reviews and carousels of other products surround a product, and a shop's lists of products too.
  if (mode !== 'whole-body' && (product || productList)) removeProductExtras(root);
  const pageText = root.textContent.replace(/\s+/g, ' ');
  const chosen =
    mode === 'whole-body' ? [root] : selectMainContent(root, { discussion: keepComments, product, article });
  const snapshot = check ? snapshotRuns(chosen) : [];
  keepFigureCaptions(chosen);
  const content =
    mode === 'whole-body'
      ? chosen
      : pruneContent(chosen, { discussion: keepComments, article, mainRun, thread });
  const withStandfirst =
    mode === 'whole-body' ? content : withLead(content, leadOf(root, content, metadata.description));
  // A story's byline set as the first line of its body ("By Jane Roe, 3 March 2024") is metadata;
  // on a discussion page each post's poster line belongs to the post.
  const { content: shown, author } = keepComments
    ? { content: withStandfirst, author: undefined }
    : withoutBylineLine(withStandfirst, metadata.byline);
  const text = renderText(shown);
  return {
    metadata:
      metadata.byline === undefined && author !== undefined ? { ...metadata, byline: author } : metadata,
    links,
    pageText,
    pageLength: pageText.length,
    noscriptLength,
    markdown: renderMarkdown(shown, { baseUrl }),
    text,
    lostWords: check ? lostRuns(snapshot, shown, text) : [],
    article,
    content: shown,
    baseUrl,
    mode,
    removedHidden,
    keptComments: keepComments,
  };
}
