import type { ClassShapePlaces } from './class-shape.js';
import { closestFinder, descendantsOf, isElement, tagOf } from './dom.js';
import { signatureOf } from './prune-blocks.js';
import { type InlineRun, inlineRunsOf, runText, wordCharacters } from './runs.js';
import {
  type MeasuredRun,
  ownSectionsAfter,
  STORY_SECTION_LIMITS,
  type StorySectionLimits,
} from './story-sections.js';
import type { Element } from './tree/index.js';

/** Limits of the story's tail (see `dropStoryTail`). */
export interface StoryTailLimits {
  /** The story's element holds at least this share of the content's prose letters. */
  storyShare: number;
  /** What follows the story's element goes only when it holds at most this share of the story's letters. */
  afterShare: number;
  /** What follows the story goes only when none of its runs has more letters and digits than this. */
  longestRun: number;
  /** Whether only a page its metadata calls an article has its tail cut. */
  articleOnly: boolean;
  /** What keeps the story's own closing sections out of the cut; `false` cuts them too (see `story-sections.ts`). */
  sections: StorySectionLimits | false;
}

/**
 * The limits the reader uses (see `StoryTailLimits`), chosen on training folds by site
 * (`bench/reader-folds.ts --variants tail`, 2026-12-02): every trafilatura fold and three of five
 * WCXB folds chose them (the other two a story of at least 0.6 of the prose).
 */
export const STORY_TAIL_LIMITS: StoryTailLimits = {
  storyShare: 0.5,
  afterShare: 1,
  longestRun: 600,
  articleOnly: false,
  sections: STORY_SECTION_LIMITS,
};

/** A run with at least this many letters and digits, at most half of them in links, is prose. */
const PROSE_LETTERS = 80;
const PROSE_MAX_LINK_SHARE = 0.5;

/** Prose letters and prose runs under an element. */
interface ProseTally {
  letters: number;
  runs: number;
}

/**
 * Removes what follows the story's element: the deepest element holding most of the content's
 * prose, from its first paragraph on. A story ends where that element closes; what the chosen
 * region holds after it (an author's box, related posts, a newsletter call) belongs to the page
 * around the story — unless it is one of the story's own closing sections (`story-sections.ts`;
 * with `limits.sections.articleOnly`, on a page its metadata calls an article, `article`). Runs go
 * whole, so no sentence loses words.
 */
export function dropStoryTail(
  content: Element[],
  limits: StoryTailLimits = STORY_TAIL_LIMITS,
  article = false,
  shape?: ClassShapePlaces,
): void {
  // Runs nested thousands deep ask about the same ancestors: each element's answer is kept.
  const linkAround = closestFinder((element) => tagOf(element) === 'a' && element.hasAttribute('href'));
  const runs = inlineRunsOf(content).map((run) => measure(run, linkAround));
  const first = runs.findIndex((entry) => entry.prose);
  if (first === -1) return;
  const tallies = proseTallies(content, runs);
  const total = runs.reduce((sum, entry) => sum + (entry.prose ? entry.letters : 0), 0);
  const firstParent = runs[first]!.run.parent;
  let story = content.reduce((best, root) =>
    (tallies.get(root)?.letters ?? 0) > (tallies.get(best)?.letters ?? 0) ? root : best,
  );
  for (;;) {
    let best: Element | undefined;
    for (const child of story.children)
      if ((tallies.get(child)?.letters ?? 0) > (best ? (tallies.get(best)?.letters ?? 0) : 0)) best = child;
    const tally = best ? tallies.get(best) : undefined;
    if (!best || !tally || tally.letters < total * limits.storyShare || tally.runs < 2) break;
    if (!best.contains(firstParent)) break;
    story = best;
  }
  // A story told in look-alike blocks (a wrapper for each paragraph or section) goes on in the next.
  for (
    let element = story;
    !content.includes(element) && element.parentElement;
    element = element.parentElement
  )
    if (hasLookAlikeAfter(element, shape?.tail)) story = element.parentElement;
  if (content.includes(story)) return;
  const last = runs.findLastIndex((entry) => story.contains(entry.run.parent));
  const storyLetters = runs.slice(first, last + 1).reduce((sum, entry) => sum + entry.letters, 0);
  // The story's own closing lines (a sign-off, a source) stand right after its element, beside it.
  let end = last + 1;
  while (end < runs.length && isClosingLine(runs[end]!.run, story)) end++;
  const after = runs.slice(end);
  const afterLetters = after.reduce((sum, entry) => sum + entry.letters, 0);
  if (afterLetters === 0 || afterLetters > storyLetters * limits.afterShare) return;
  if (after.some((entry) => entry.letters > limits.longestRun)) return;
  const { sections } = limits;
  const kept =
    sections && (article || !sections.articleOnly)
      ? ownSectionsAfter(story, content, runs, after, sections, shape?.sections)
      : undefined;
  for (const entry of after)
    if (!kept?.has(entry)) for (const node of entry.run.nodes) node.parentNode?.removeChild(node);
}

/** Whether a run stands beside the story's element: in its parent, or a paragraph of the parent's own. */
function isClosingLine(run: InlineRun, story: Element): boolean {
  const beside = story.parentElement;
  return run.parent === beside || (run.parent.parentElement === beside && tagOf(run.parent) === 'p');
}

/** Whether a later sibling of the element has its tag and class (or class shape, `shaped`). */
function hasLookAlikeAfter(element: Element, shaped = false): boolean {
  const signature = signatureOf(element, shaped);
  for (let sibling = element.nextElementSibling; sibling; sibling = sibling.nextElementSibling)
    if (signatureOf(sibling, shaped) === signature) return true;
  return false;
}

function measure(run: InlineRun, linkAround: (element: Element) => Element | undefined): MeasuredRun {
  const letters = wordCharacters(runText(run));
  let linkLetters = 0;
  if (linkAround(run.parent)) linkLetters = letters;
  else
    for (const node of run.nodes) {
      if (!isElement(node)) continue;
      const links =
        tagOf(node) === 'a' && node.hasAttribute('href') ? [node] : node.querySelectorAll('a[href]');
      for (const link of links) linkLetters += wordCharacters(link.textContent);
    }
  return {
    run,
    letters,
    linkLetters,
    prose: letters >= PROSE_LETTERS && linkLetters <= letters * PROSE_MAX_LINK_SHARE,
  };
}

/** Prose letters and runs under every element of the content, in one walk from the leaves up. */
function proseTallies(content: Element[], runs: MeasuredRun[]): Map<Element, ProseTally> {
  const tallies = new Map<Element, ProseTally>();
  for (const entry of runs) {
    if (!entry.prose) continue;
    const tally = tallies.get(entry.run.parent) ?? { letters: 0, runs: 0 };
    tally.letters += entry.letters;
    tally.runs += 1;
    tallies.set(entry.run.parent, tally);
  }
  for (const root of content) {
    const elements = descendantsOf(root);
    for (let index = elements.length - 1; index >= 0; index--) {
      const element = elements[index]!;
      const tally = tallies.get(element);
      const parent = element.parentElement;
      if (!tally || !parent || element === root) continue;
      const above = tallies.get(parent) ?? { letters: 0, runs: 0 };
      above.letters += tally.letters;
      above.runs += tally.runs;
      tallies.set(parent, above);
    }
  }
  return tallies;
}
