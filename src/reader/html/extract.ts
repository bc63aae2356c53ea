import { holdsEscapedTag } from './clean.js';
import { contentUnitsOf } from './content-units.js';
import {
  anyRival,
  bodyOf,
  descriptionMayHaveRival,
  type RivalBasics,
  type RivalRequirements,
} from './description-region.js';
import { pageImagesOf } from './images.js';
import { lostRuns, snapshotRuns } from './lost-words.js';
import { renderMarkdown, renderText } from './markdown.js';
import { type PassMode, type PassResult, runOnePass } from './one-pass.js';
import { readabilityContentOf } from './readability-candidate.js';
import {
  cluesOf,
  descriptionWordsOf,
  evidenceOf,
  isDoubtful,
  leavesDescriptionUnsaid,
  mayPreferSecond,
  prefersSecond,
} from './second-opinion.js';
import { titleWithoutSite } from './shown-title.js';
import { READER_SWITCHES, type ReaderSwitches, readerSwitches, type SwitchSettings } from './switches.js';
import { withThreadBelow } from './thread-below.js';
import type { ExtractedPage, ExtractHtmlOptions } from './types.js';
import { type PageKind, unitFeaturesOf } from './unit-features.js';
import { dropUnlikelyUnits } from './unit-filter.js';
import { wordsOf } from './word-share.js';

/** Below this many characters a normal pass's result is suspected of missing the content. */
const SHORT_TEXT = 500;

/** How many times more text the pass keeping comments must find to replace the others'. */
const COMMENTS_PASS_GAIN = 3;

/** Below this many characters an article page's story is too small to be believed. */
const TINY_ARTICLE_TEXT = 200;

/** Below this many characters the page is treated as having no text of its own. */
const NO_TEXT = 100;

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
  /**
   * The units of the chosen content with their features, only when asked with `describeUnits`: what
   * trains the unit filter's model, read with the filter off (on, these are the units it left).
   */
  units?: DescribedUnit[];
}

/** One unit of the chosen content: its text and its feature vector (see `unit-features.ts`). */
export interface DescribedUnit {
  text: string;
  features: number[];
}

/**
 * Extracts the main content of an HTML page as markdown and plain text, with its metadata.
 * A normal pass removes boilerplate and picks the best-scoring region; when that yields little
 * text, a gentle pass (keeping `<noscript>` and hidden blocks) and then a pass keeping comment
 * blocks try again, and the last resort is the whole body minus scripts; where the text is still
 * short, what the page states of itself stands in or leads (see `withStatedText`). Never throws on
 * broken markup.
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
  const { url, checkLostWords, describeUnits, ...settings } = options;
  return extract(html, { url }, checkLostWords ?? false, readerSwitches(settings), describeUnits ?? false);
}

/** `extractHtml`'s options with what a test or benchmark may vary (see `ReaderSwitches`). */
export interface DetailedExtractOptions extends ExtractHtmlOptions, SwitchSettings {
  /** Run the lost-words check (default false). */
  checkLostWords?: boolean;
  /** Describe the content's units and their features in `units` (default false). */
  describeUnits?: boolean;
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
  switches: ReaderSwitches = READER_SWITCHES,
  describeUnits = false,
): ExtractionDetails {
  const runPass = (pageHtml: string, url: string, mode: PassMode) =>
    runOnePass(pageHtml, { url, mode, check, switches });
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
  // Below the fallback's limit the pass keeping comments was tried already, and lost.
  result = withThreadBelow(result, switches.threadBelow, {
    triedBelow: fallbackBelow,
    withComments: () => runPass(html, options.url, 'with-comments'),
  });
  const second = switches.secondOpinion
    ? withSecondOpinion(html, result, check, switches)
    : { result, opinion: 'not-asked' as const };
  result = second.result;
  const units = describeUnits ? describedUnitsOf(result) : undefined;
  const { metadata, links } = result;
  const images = pageImagesOf(result.content, result.baseUrl);
  const stated = withStatedText(result);
  const markdown = composed(stated.markdown);
  const text = composed(stated.text);
  const { lostWords } = stated;
  const page: ExtractedPage = {
    title: metadata.shownTitle ?? titleWithoutSite(metadata.title, options.url),
    ...(metadata.byline === undefined ? {} : { byline: metadata.byline }),
    ...dateOf(metadata),
    ...(metadata.lang === undefined ? {} : { lang: metadata.lang }),
    ...(metadata.siteName === undefined ? {} : { siteName: metadata.siteName }),
    markdown,
    text,
    links,
    ...(images.length === 0 ? {} : { images }),
  };
  return { page, lostWords, secondOpinion: second.opinion, ...(units ? { units } : {}) };
}

/**
 * The pass's text, or what the page states of itself where that text falls short: a short text's
 * JSON-LD `articleBody` when it is much longer and plain text (a paywall's teaser), a text-less
 * page's description (content rendered by scripts), or a short text led by the description it
 * leaves unsaid (a video player's controls, a teaser's stub).
 */
function withStatedText(result: PassResult): Pick<PassResult, 'markdown' | 'text' | 'lostWords'> {
  const { markdown, text, lostWords, metadata } = result;
  const stated = metadata.articleBody ?? '';
  const description = metadata.description ?? '';
  if (
    text.length < SHORT_TEXT &&
    stated.length >= SHORT_TEXT &&
    stated.length > text.length * 2 &&
    !holdsEscapedTag(stated)
  )
    return { markdown: stated, text: stated, lostWords: [] };
  if (text.length < NO_TEXT && description.length > text.length)
    return { markdown: description, text: description, lostWords: [] };
  if (text.length < SHORT_TEXT && leavesDescriptionUnsaid(descriptionWordsOf(metadata), wordsOf(text)))
    return { markdown: `${description}\n\n${markdown}`, text: `${description}\n\n${text}`, lostWords };
  return { markdown, text, lostWords };
}

/** The page's date: the one it states, else the one it shows beside its headline. */
function dateOf(metadata: PassResult['metadata']): Pick<ExtractedPage, 'publishedAt'> {
  const publishedAt = metadata.publishedAt ?? metadata.shownDate;
  return publishedAt === undefined ? {} : { publishedAt };
}

/**
 * The text in Unicode's normal composed form (NFC, as the web's character model asks of content):
 * the same letter written two ways (Bengali `য়` as one code point or two, `é` as one or as `e` and
 * an accent) is one text, and a quote of it matches whichever way the page wrote it.
 */
function composed(text: string): string {
  return text.normalize('NFC');
}

/** What the unit filter reads of a pass's result: its title and the kind of page the pass found. */
function pageKindOf(result: PassResult): PageKind {
  return {
    title: result.metadata.title,
    article: result.article,
    product: result.product,
    discussion: result.keptComments,
  };
}

function describedUnitsOf(result: PassResult): DescribedUnit[] {
  const units = contentUnitsOf(result.content);
  const vectors = unitFeaturesOf(units, pageKindOf(result));
  return units.map((unit, index) => ({ text: unit.text, features: vectors[index]! }));
}

/**
 * When our candidate for a story page is in doubt, asks Readability for its own and takes it if the
 * page's evidence is on its side (see second-opinion.ts). Its content is rendered as ours is.
 */
function withSecondOpinion(
  html: string,
  result: PassResult,
  check: boolean,
  { wordBoundaries, unitFilter }: ReaderSwitches,
): { result: PassResult; opinion: SecondOpinion } {
  // Only story pages (as the pass read the metadata) are ever in doubt.
  if (!result.article) return { result, opinion: 'not-asked' };
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
  const text = renderText([element], { wordBoundaries });
  if (!prefersSecond(ours, evidenceOf([element], text), clues, { oursIsWholePage }))
    return { result, opinion: 'kept-ours' };
  // Its content is filtered as a pass filters its own (see `one-pass.ts`) before it is written.
  const taken = unitFilter && dropUnlikelyUnits([element], pageKindOf(result), unitFilter) > 0;
  const shownText = taken ? renderText([element], { wordBoundaries }) : text;
  const markdown = renderMarkdown([element], { baseUrl: result.baseUrl, wordBoundaries });
  const lostWords = check ? lostRuns(snapshot, [element], shownText) : [];
  return {
    result: { ...result, markdown, text: shownText, lostWords, content: [element] },
    opinion: 'took-readability',
  };
}
