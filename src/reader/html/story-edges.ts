import type { InlineRun } from './runs.js';
import type { Element } from './tree/index.js';

/*
 * Where the story starts and ends, read from the page's structure rather than its words: it starts
 * at its headline and ends where the element holding its prose closes. Chosen on training folds by
 * site (`bench/reader-folds.ts`), never on the fold they are scored on.
 */

/** Limits of the story's edges (see `dropOutsideStoryEdges`). */
export interface StoryEdgeLimits {
  /** How many ancestors the story's frame reaches above the element holding all its prose. */
  frameLevels: number;
  /**
   * Runs after the story outside its frame go only when the runs after it hold at most this share
   * of the story's letters: a listing's items after its introduction are the page's content.
   */
  frameShare: number;
  /**
   * Whether runs ahead of the story's headline (its last `<h1>` before the first prose) go, on a
   * page whose metadata calls it an article: a landing page's `<h1>` is a slogan halfway down its
   * hero, not a headline.
   */
  headline: boolean;
}

/**
 * The limits the reader uses (see `StoryEdgeLimits`). On the trafilatura set every training fold
 * chose the frame at any share, but on WCXB that drops a listing's items that sit outside its
 * introduction's element (listings 0.725 -> 0.703): the frame waits until the story outweighs what
 * follows it.
 */
export const STORY_EDGE_LIMITS: StoryEdgeLimits = { frameLevels: 1, frameShare: 1, headline: true };

/** A run of the content with its letters and digits. */
export interface LetteredRun {
  run: InlineRun;
  letters: number;
}

/** The content's runs in order, the indexes of its first and last runs of prose, and the page's kind. */
export interface StoryRuns {
  runs: readonly LetteredRun[];
  first: number;
  last: number;
  /** Whether the page's metadata calls it an article: only a story has a headline to start at. */
  article: boolean;
}

/**
 * Removes the runs outside the story's edges: after its last prose, those outside its frame (a tag
 * box, a rating prompt, a newsletter call, the next section's label: the story's element has
 * closed, and what follows belongs to the page around it); before its first prose, those ahead of
 * its headline (a kicker, a section label, a dateline, a breadcrumb that is not a link). Runs go
 * whole, so no sentence loses words.
 */
export function dropOutsideStoryEdges(
  { runs, first, last, article }: StoryRuns,
  limits: StoryEdgeLimits,
): void {
  const story = lettersOf(runs.slice(first, last + 1));
  const after = runs.slice(last + 1);
  const frame = storyFrameOf(runs[first]!.run, runs[last]!.run, limits.frameLevels);
  if (frame !== undefined && lettersOf(after) <= story * limits.frameShare) {
    for (const entry of after) if (!frame.contains(entry.run.parent)) removeRun(entry.run);
  }
  const before = runs.slice(0, first);
  if (!limits.headline || !article || lettersOf(before) > story * limits.frameShare) return;
  const headline = headlineIndexOf(before.map((entry) => entry.run));
  for (const entry of before.slice(0, Math.max(headline, 0))) removeRun(entry.run);
}

/**
 * The story's frame: the smallest element holding the blocks of its first and last runs of prose,
 * widened by `levels` ancestors (a story's paragraphs often sit one wrapper down from the element
 * that also holds its own closing lines: a sign-off, a source, a last short sentence). Undefined
 * when the two runs share no ancestor (the story spans several chosen blocks).
 */
function storyFrameOf(first: InlineRun, last: InlineRun, levels: number): Element | undefined {
  const holders = new Set(ancestorsOf(first.parent));
  let frame = ancestorsOf(last.parent).find((element) => holders.has(element));
  for (let level = 0; frame?.parentElement && level < levels; level++) frame = frame.parentElement;
  return frame;
}

/**
 * Of the runs ahead of the story's first prose, the index of the last one inside an `<h1>`: the
 * story's headline. -1 when no headline leads the story.
 */
function headlineIndexOf(runsBefore: readonly InlineRun[]): number {
  return runsBefore.findLastIndex((run) => run.parent.closest('h1') !== null);
}

function removeRun(run: InlineRun): void {
  for (const node of run.nodes) node.parentNode?.removeChild(node);
}

function lettersOf(runs: readonly LetteredRun[]): number {
  return runs.reduce((sum, entry) => sum + entry.letters, 0);
}

/** The element and its ancestors, nearest first. */
function ancestorsOf(element: Element): Element[] {
  const ancestors: Element[] = [];
  for (let current: Element | null = element; current; current = current.parentElement)
    ancestors.push(current);
  return ancestors;
}
