import { type ContentUnit, contentUnitsOf } from './content-units.js';
import { groupBy, tagOf } from './dom.js';
import type { Element } from './tree/index.js';
import { type PageKind, UNIT_FEATURES, unitFeaturesOf } from './unit-features.js';

/**
 * A regression tree over a unit's features: `[feature, threshold, below, above]` goes to `below` when
 * the feature's value is at most the threshold; a number is a leaf's score.
 */
export type UnitTree = number | [feature: number, threshold: number, below: UnitTree, above: UnitTree];

/** Boosted trees whose summed scores are the log-odds that a unit is the page's content. */
export interface UnitModel {
  /** The feature names the trees were trained on, in order (must be `UNIT_FEATURES`). */
  features: readonly string[];
  /** The log-odds before any tree. */
  base: number;
  trees: UnitTree[];
}

/** The unit filter's model, and below which probability of being content a unit goes. */
export interface UnitFilterLimits {
  model: UnitModel;
  /** A unit goes when the model gives it less than this probability of being content (0–1). */
  keepFrom: number;
  /**
   * Also on pages other than a plain story (undated pages, threads, shops), where only a unit no other
   * is written like may go: a service page's cards, a listing's items, a thread's posts and a shop's
   * offers stay whole whatever the model says.
   */
  beyondStories: boolean;
}

/** The leaf score a tree gives a feature vector. */
export function treeScoreOf(tree: UnitTree, vector: readonly number[]): number {
  let node = tree;
  while (typeof node !== 'number') node = (vector[node[0]] ?? 0) <= node[1] ? node[2] : node[3];
  return node;
}

/** The model's probability that a unit with these features is content. */
export function contentProbabilityOf(model: UnitModel, vector: readonly number[]): number {
  let logOdds = model.base;
  for (const tree of model.trees) logOdds += treeScoreOf(tree, vector);
  return 1 / (1 + Math.exp(-logOdds));
}

/** A list item's, a definition's or a summary's own text beside its nested blocks: part of the item. */
const ITEM_TAGS = new Set(['li', 'dd', 'dt', 'summary']);

/**
 * Whether a unit may go as a block of its own: not a cell (a table is data, a cell gone would shift
 * its row), not preformatted code, not the text of a list item whose nested list would stay.
 */
function mayGo(unit: ContentUnit): boolean {
  if (unit.inTable || unit.tag === 'pre') return false;
  return unit.tag !== 'run' || !ITEM_TAGS.has(tagOf(unit.parent));
}

/** At least this many units written alike (same tag and classes) are one kind of thing on a story. */
const LEAST_LOOK_ALIKES = 3;
/** Beyond stories, a unit with even one other written like it is an item (two posts, two offers). */
const LEAST_KEPT_WHOLE = 2;

/** Units written alike (same tag and classes), each with its index. */
type LookAlikes = Map<string, { unit: ContentUnit; index: number }[]>;

/**
 * On a story, each unit's probability with a group of look-alikes sharing their mean: items of one
 * list or cards of one grid go or stay together, never one of three.
 */
function sharedByLookAlikes(groups: LookAlikes, probabilities: readonly number[]): number[] {
  const shared = [...probabilities];
  for (const members of groups.values()) {
    if (members.length < LEAST_LOOK_ALIKES) continue;
    const mean = members.reduce((sum, { index }) => sum + probabilities[index]!, 0) / members.length;
    for (const { index } of members) shared[index] = mean;
  }
  return shared;
}

/**
 * Removes from the content the units the model judges unlikely to be the page's own (teasers,
 * sign-offs, author boxes, a stray line beside the text); never all of them. On a plain story (a page
 * whose metadata calls it an article, neither a discussion nor a product) any unit may go, look-alikes
 * together; elsewhere, with `beyondStories`, only a unit no other is written like: a thread's lines
 * and a service page's or a shop's cards are content by design there, decided by rule, and a page
 * whose every unit has a look-alike is left before any unit is described. Returns how many went.
 */
export function dropUnlikelyUnits(
  content: readonly Element[],
  page: PageKind,
  limits: UnitFilterLimits,
): number {
  if (limits.model.features.join() !== UNIT_FEATURES.join())
    throw new Error(
      'the unit model was trained on other features: run npx tsx bench/reader-unit-model.ts --write',
    );
  const story = page.article && !page.discussion && !page.product;
  if (!story && !limits.beyondStories) return 0;
  const units = contentUnitsOf(content);
  const groups: LookAlikes = groupBy(
    units.map((unit, index) => ({ unit, index })),
    ({ unit }) => unit.signature,
  );
  const candidates = units
    .map((_, index) => index)
    .filter(
      (index) =>
        mayGo(units[index]!) && (story || groups.get(units[index]!.signature)!.length < LEAST_KEPT_WHOLE),
    );
  if (candidates.length === 0) return 0;
  // Every unit is described, candidate or not: a unit's features read its neighbours and look-alikes.
  const vectors = unitFeaturesOf(units, page);
  const probabilityOf = (index: number) => contentProbabilityOf(limits.model, vectors[index]!);
  const shared = story
    ? sharedByLookAlikes(
        groups,
        units.map((_, index) => probabilityOf(index)),
      )
    : undefined;
  const going = candidates
    .filter((index) => (shared ? shared[index]! : probabilityOf(index)) < limits.keepFrom)
    .map((index) => units[index]!);
  if (going.length === 0 || going.length === units.length) return 0;
  for (const unit of going) for (const node of unit.nodes) node.remove();
  return going.length;
}
