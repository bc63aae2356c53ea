import type { RivalBasics, RivalRequirements } from './description-region.js';
import type { PageMetadata } from './metadata.js';
import { isArticlePage } from './page-kind.js';
import { linkDensityOf, measure } from './stats.js';
import type { Element } from './tree/index.js';
import { shareIn, wordsOf } from './word-share.js';

/**
 * A second opinion on which block of a story page is the story, from @mozilla/readability. It is
 * asked only when our own choice is in doubt (it costs about one more extraction), and it wins only
 * on evidence that does not depend on the site: the two candidates disagree, and the page's own
 * metadata (its JSON-LD `articleBody`, its description) or the candidates' link structure say ours
 * is the wrong block — the site's menu, a teaser list or a comment thread instead of the story.
 */

/** What is measured of a candidate (ours or Readability's) to compare them. */
export interface CandidateEvidence {
  /** Characters of the rendered text. */
  textLength: number;
  /** Share of the candidate's text inside links: a menu or teaser list is mostly links. */
  linkDensity: number;
  /** The candidate's distinct words, lower-cased. */
  words: Set<string>;
}

/** Ours is in doubt when this share of its text (or more) sits in links. */
const DOUBT_LINK_DENSITY = 0.3;
/** Ours is in doubt when less than this share of the description's words are in it. */
const DOUBT_DESCRIPTION_SHARE = 0.5;
/** Ours is in doubt when its word F1 against the page's `articleBody` is below this. */
const DOUBT_BODY_F1 = 0.6;
/** A description with fewer words of four letters or more says too little to judge by. */
const MIN_DESCRIPTION_WORDS = 4;

/** Readability's candidate must have this much text to be considered: its own threshold for an article. */
const MIN_SECOND_TEXT = 500;
/** …and say more than the page's description: at least this share of its words are not in it. */
const MIN_OWN_WORDS = 0.5;
/** …and read as prose: less than this share of its text in links. */
const MAX_SECOND_LINK_DENSITY = 0.25;
/** At this share of Readability's words already in ours, ours holds its story: the two agree. */
const AGREEMENT = 0.5;
/** With an `articleBody`, Readability's candidate must match it by this much more word F1. */
const BODY_MARGIN = 0.2;
/** The description counts as found in a candidate holding this share of its words. */
const DESCRIPTION_FOUND = 0.6;
/** Ours reads as navigation (a menu, a teaser list) at this link density. */
const NAVIGATION_LINK_DENSITY = 0.4;
/** Against navigation, Readability's candidate may hold this much less of the description. */
const DESCRIPTION_SLACK = 0.2;

/** Word F1 of a candidate against a reference text's words. */
function wordF1(candidate: Set<string>, reference: Set<string>): number {
  const recall = shareIn(reference, candidate);
  const precision = shareIn(candidate, reference);
  return recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
}

/** Measures rendered content: its text, its words and the share of its text inside links. */
export function evidenceOf(content: Element[], text: string): CandidateEvidence {
  let textLength = 0;
  let linkTextLength = 0;
  for (const element of content) {
    const stats = measure(element).get(element);
    textLength += stats?.textLength ?? 0;
    linkTextLength += stats?.linkTextLength ?? 0;
  }
  return {
    textLength: text.length,
    linkDensity: linkDensityOf({ textLength, linkTextLength, commas: 0, paragraphs: 0 }),
    words: wordsOf(text),
  };
}

/** The metadata's words a candidate is checked against. */
export interface PageClues {
  article: boolean;
  description: Set<string>;
  body: Set<string> | undefined;
}

export function cluesOf(metadata: PageMetadata): PageClues {
  return {
    article: isArticlePage(metadata),
    description: descriptionWordsOf(metadata),
    body: metadata.articleBody === undefined ? undefined : wordsOf(metadata.articleBody),
  };
}

/** The description's longer words; none when it has too few to judge by. */
export function descriptionWordsOf(metadata: PageMetadata): Set<string> {
  // Short words ("a", "for", "the") are in any long text; the description's longer words are its own.
  const description = new Set([...wordsOf(metadata.description ?? '')].filter((word) => word.length >= 4));
  return description.size >= MIN_DESCRIPTION_WORDS ? description : new Set();
}

/** Whether a text's words leave a description (its words, as `descriptionWordsOf` gives them) mostly unsaid. */
export function leavesDescriptionUnsaid(description: Set<string>, words: Set<string>): boolean {
  return description.size > 0 && shareIn(description, words) < DOUBT_DESCRIPTION_SHARE;
}

/**
 * Whether our candidate for a story page is in doubt: mostly links, or missing the page's own
 * description, or far from its stated `articleBody`. Pages that do not call themselves stories are
 * never in doubt here: Readability reads stories, and a listing, a forum or a shop is not one.
 */
export function isDoubtful(ours: CandidateEvidence, clues: PageClues): boolean {
  if (!clues.article) return false;
  if (ours.linkDensity >= DOUBT_LINK_DENSITY) return true;
  if (leavesDescriptionUnsaid(clues.description, ours.words)) return true;
  return clues.body !== undefined && wordF1(ours.words, clues.body) < DOUBT_BODY_F1;
}

/**
 * Whether any candidate could replace ours, before Readability is asked for one (its run costs about
 * two whole extractions): `prefersSecond` lets a candidate win against prose only on the page's own
 * evidence — an `articleBody` it matches by BODY_MARGIN more word F1 than ours while disagreeing
 * with ours (see `bestDisagreeingBodyF1`; any F1 when ours is the whole page), or a description it
 * holds (DESCRIPTION_FOUND of its words), which it cannot when the page, as cleaned, does not hold
 * it either. `pageWords` is asked only then. Unless ours is the whole page, the probes then look
 * for a block of the cleaned page that could be such a candidate (see description-region.ts):
 * Readability chooses among the same blocks, though it reads them before our cleaning.
 */
export function mayPreferSecond(
  ours: CandidateEvidence,
  clues: PageClues,
  pageWords: () => Set<string>,
  options: SecondOpinionProbes = { oursIsWholePage: false },
): boolean {
  if (ours.linkDensity >= NAVIGATION_LINK_DENSITY)
    return options.oursIsWholePage || (options.anyRival?.(rivalBasics(ours)) ?? true);
  if (clues.body !== undefined) {
    const reachable = options.oursIsWholePage ? 1 : bestDisagreeingBodyF1(ours.words, clues.body);
    if (wordF1(ours.words, clues.body) + BODY_MARGIN > reachable) return false;
    return options.oursIsWholePage || (options.anyRival?.(rivalBasics(ours)) ?? true);
  }
  if (clues.description.size === 0 || shareIn(clues.description, pageWords()) < DESCRIPTION_FOUND)
    return false;
  // Against the whole page any candidate may win (no disagreement is required); otherwise a block
  // of the page holding the description must be a candidate Readability's could win as.
  if (options.oursIsWholePage || !options.descriptionMayHaveRival) return true;
  return options.descriptionMayHaveRival({
    ...rivalBasics(ours),
    description: clues.description,
    descriptionShare: DESCRIPTION_FOUND,
  });
}

/** What `prefersSecond` asks of any candidate, whatever the page's metadata says. */
function rivalBasics(ours: CandidateEvidence): RivalBasics {
  return {
    minimumLength: MIN_SECOND_TEXT,
    maximumLinkDensity: MAX_SECOND_LINK_DENSITY,
    oursWords: ours.words,
    agreement: AGREEMENT,
  };
}

/** What `mayPreferSecond` may ask of the page besides our candidate's evidence. */
export interface SecondOpinionProbes {
  /** Ours is the whole page (the last-resort pass), which holds every candidate. */
  oursIsWholePage: boolean;
  /**
   * Whether a block of the page holding the description meets what `prefersSecond` asks of a
   * candidate (see description-region.ts). Asked only when the description decides; absent, a
   * rival is assumed.
   */
  descriptionMayHaveRival?: (requirements: RivalRequirements) => boolean;
  /**
   * Whether any block of the page meets what `prefersSecond` asks of a candidate against ours
   * read as navigation (see `anyRival`). Absent, a rival is assumed.
   */
  anyRival?: (requirements: RivalBasics) => boolean;
}

/**
 * The best word F1 against the `articleBody` that a candidate disagreeing with ours can reach: less
 * than AGREEMENT (half) of its words may be in ours, as `prefersSecond` requires. Of the body's
 * words, `missing` are not in ours and `shared` are. With fewer shared than missing, the body itself
 * disagrees (F1 1). Otherwise the candidate holds every body word, and its shared ones need as many
 * words outside ours and the body, less one, beside the missing ones: F1 2(m+s)/(m+3s+1), the most
 * (holding fewer shared words, or more other words, gives less). An exact bound on sets of words,
 * as `wordF1` counts them.
 */
export function bestDisagreeingBodyF1(ours: Set<string>, body: Set<string>): number {
  let missing = 0;
  for (const word of body) if (!ours.has(word)) missing++;
  const shared = body.size - missing;
  if (shared < missing) return 1;
  return (2 * (missing + shared)) / (missing + 3 * shared + 1);
}

/**
 * Whether Readability's candidate should replace ours. It must read as prose and say more than
 * the page's description (a listing's intro is not its content), and the two must disagree (less
 * than half of its words in ours) — unless ours is the whole page, the last resort that holds
 * everything. Then ours mostly links (a menu or teaser list taken for the story) loses to it unless
 * it holds clearly less of the description; otherwise the page's evidence must be on its side: it
 * matches the stated `articleBody` clearly better, or, without one, it holds the description that
 * ours lacks. A listing that calls itself an article keeps its list: Readability's prose is in it.
 */
export function prefersSecond(
  ours: CandidateEvidence,
  second: CandidateEvidence,
  clues: PageClues,
  options: { oursIsWholePage: boolean } = { oursIsWholePage: false },
): boolean {
  if (second.textLength < MIN_SECOND_TEXT || second.linkDensity >= MAX_SECOND_LINK_DENSITY) return false;
  if (clues.description.size > 0 && 1 - shareIn(second.words, clues.description) < MIN_OWN_WORDS)
    return false;
  if (!options.oursIsWholePage && shareIn(second.words, ours.words) >= AGREEMENT) return false;
  const description = (candidate: CandidateEvidence) => shareIn(clues.description, candidate.words);
  if (ours.linkDensity >= NAVIGATION_LINK_DENSITY)
    return clues.description.size === 0 || description(second) >= description(ours) - DESCRIPTION_SLACK;
  if (clues.body !== undefined)
    return wordF1(second.words, clues.body) >= wordF1(ours.words, clues.body) + BODY_MARGIN;
  return description(second) >= DESCRIPTION_FOUND && leavesDescriptionUnsaid(clues.description, ours.words);
}
