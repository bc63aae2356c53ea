import { descendantsOf, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { type InlineRun, runText } from './runs.js';
import type { Element } from './tree/index.js';

/**
 * What makes a block after the story's element one of the story's own closing sections (see
 * `ownSectionsAfter`).
 */
export interface StorySectionLimits {
  /** How a section's heading must match one of the story's own: by tag, or by tag and class. */
  heading: 'tag' | 'signature';
  /** A headed section holds at least this many prose runs. */
  minProseRuns: number;
  /** A headed section's prose runs hold at least this share of its letters and digits. */
  proseShare: number;
  /** A headed section's prose runs are on average at least this share of the story's. */
  runShare: number;
  /** Questions, each answered by the run after it, that make a block questions and answers; 0: none do. */
  questions: number;
  /** Whether only a page its metadata calls an article keeps sections after the story. */
  articleOnly: boolean;
}

/** The limits the reader uses (see `StorySectionLimits`). */
export const STORY_SECTION_LIMITS: StorySectionLimits = {
  heading: 'signature',
  minProseRuns: 2,
  proseShare: 0.6,
  runShare: 0.5,
  questions: 3,
  articleOnly: false,
};

/** A run with what `story-tail.ts` measured of it. */
export interface MeasuredRun {
  run: InlineRun;
  /** Letters and digits of the run. */
  letters: number;
  /** Letters and digits of the run inside links. */
  linkLetters: number;
  /** Whether the run is prose: long enough, and mostly outside links. */
  prose: boolean;
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/** A question longer than this many letters and digits is a paragraph that happens to ask. */
const QUESTION_MAX_LETTERS = 200;
/** An answer has at least this many letters and digits. */
const ANSWER_MIN_LETTERS = 40;
/** Characters at the end of a run where its question mark is looked for. */
const QUESTION_TAIL = 40;
/** A question ends with its mark, or with the mark and one word after it (an accordion's icon, "+"). */
const QUESTION_END = /[?？][^\p{L}\p{N}]*(?:[\p{L}\p{N}_]+[^\p{L}\p{N}]*)?$/u;

/**
 * The runs of the blocks after the story's element that are the story's own sections, not boxes around it: a
 * block (the largest element after the story that does not hold it) opened by a heading of the kind
 * the story's own sections have (a heading inside the story, or the one that opens it) and written
 * like the story — mostly prose, in paragraphs of about the story's length — or a block of questions
 * each answered by the run after it. An author's box, a share row, a list of teasers or a newsletter
 * call has no such heading, or short or linked lines under it.
 */
export function ownSectionsAfter(
  story: Element,
  content: Element[],
  runs: MeasuredRun[],
  after: MeasuredRun[],
  limits: StorySectionLimits,
  shaped = false,
): Set<MeasuredRun> {
  const kept = new Set<MeasuredRun>();
  const blocks = blocksOf(story, content, after);
  if (blocks.size === 0) return kept;
  const storyProse = runs.filter((entry) => entry.prose && story.contains(entry.run.parent));
  const storyMean =
    storyProse.reduce((sum, entry) => sum + entry.letters, 0) / Math.max(1, storyProse.length);
  // By tag, or by tag and class (its whole string, or its shape: see `class-shape.ts`).
  const kindOf = (heading: Element) =>
    limits.heading === 'tag' ? tagOf(heading) : signatureOf(heading, shaped);
  const kinds = headingKindsOf(story, content, kindOf);
  for (const [block, entries] of blocks) {
    const headings = block.querySelectorAll(HEADINGS);
    // A list of teasers titles each item with a link to its story; a story's sections are not links.
    if (headings.some((heading) => heading.querySelector('a[href]'))) continue;
    const questions = limits.questions > 0 && isQuestionsAndAnswers(headings, entries, limits.questions);
    if (questions || isHeadedProse(block, entries, { kinds, kindOf }, storyMean, limits))
      for (const entry of entries) kept.add(entry);
  }
  return kept;
}

/**
 * The runs after the story grouped by their block: the largest element holding them and not the
 * story (a run directly inside one of the story's ancestors belongs to none). Each element is
 * climbed once.
 */
function blocksOf(story: Element, content: Element[], after: MeasuredRun[]): Map<Element, MeasuredRun[]> {
  const above = new Set<Element>();
  for (let element = story.parentElement; element; element = element.parentElement) above.add(element);
  const blockOf = new Map<Element, Element>();
  const blocks = new Map<Element, MeasuredRun[]>();
  for (const entry of after) {
    if (above.has(entry.run.parent)) continue;
    const climbed: Element[] = [];
    let element = entry.run.parent;
    while (!blockOf.has(element) && element.parentElement && !above.has(element.parentElement)) {
      if (content.includes(element)) break;
      climbed.push(element);
      element = element.parentElement;
    }
    const block = blockOf.get(element) ?? element;
    for (const passed of [...climbed, element]) blockOf.set(passed, block);
    const entries = blocks.get(block);
    if (entries) entries.push(entry);
    else blocks.set(block, [entry]);
  }
  return blocks;
}

/** The kinds (tag, or tag and class) of the story's headings and of the heading that opens it. */
function headingKindsOf(
  story: Element,
  content: Element[],
  kindOf: (heading: Element) => string,
): Set<string> {
  const kinds = new Set(story.querySelectorAll(HEADINGS).map(kindOf));
  let opening: Element | undefined;
  for (const root of content) {
    for (const element of descendantsOf(root)) {
      if (element === story) break;
      if (/^h[1-6]$/.test(tagOf(element)) && !element.contains(story)) opening = element;
    }
    if (root.contains(story)) break;
  }
  if (opening) kinds.add(kindOf(opening));
  return kinds;
}

/** Whether a block opens with a heading like the story's and goes on in prose like the story's. */
function isHeadedProse(
  block: Element,
  entries: MeasuredRun[],
  story: { kinds: Set<string>; kindOf: (heading: Element) => string },
  storyMean: number,
  limits: StorySectionLimits,
): boolean {
  const first = entries.find((entry) => entry.letters > 0);
  const heading = first?.run.parent.closest(HEADINGS);
  if (!first || !heading || !block.contains(heading) || first.linkLetters > 0) return false;
  if (!story.kinds.has(story.kindOf(heading))) return false;
  const prose = entries.filter((entry) => entry.prose);
  if (prose.length < limits.minProseRuns) return false;
  const letters = entries.reduce((sum, entry) => sum + entry.letters, 0);
  const proseLetters = prose.reduce((sum, entry) => sum + entry.letters, 0);
  if (proseLetters < letters * limits.proseShare) return false;
  return proseLetters / prose.length >= storyMean * limits.runShare;
}

/**
 * Whether a block is questions and answers: at least `least` questions each answered by the run after
 * it and, where the block has headings, questions for at least half of them — teasers whose titles
 * happen to ask are a few questions among other titles.
 */
function isQuestionsAndAnswers(headings: Element[], entries: MeasuredRun[], least: number): boolean {
  const answered = answeredQuestions(entries);
  return answered >= least && answered * 2 >= headings.length;
}

/** How many of the block's runs ask a question (not a link) that the next run with words answers. */
function answeredQuestions(entries: MeasuredRun[]): number {
  const said = entries.filter((entry) => entry.letters > 0);
  let answered = 0;
  for (let index = 0; index + 1 < said.length; index++) {
    const question = said[index]!;
    if (question.letters > QUESTION_MAX_LETTERS || question.linkLetters * 2 > question.letters) continue;
    if (!isQuestion(question)) continue;
    const answer = said[index + 1]!;
    if (answer.letters >= ANSWER_MIN_LETTERS && !isQuestion(answer)) answered++;
  }
  return answered;
}

/** Whether a run ends as a question does (its end only: the test stays linear on any text). */
function isQuestion(entry: MeasuredRun): boolean {
  return QUESTION_END.test(runText(entry.run).trimEnd().slice(-QUESTION_TAIL));
}
