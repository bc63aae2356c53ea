import type { Finding } from '../../contract/index.js';
import {
  analyse,
  contentStem,
  type FigureStatement,
  figureStatements,
  statementsConflict,
} from '../support/index.js';
import type { FoundConflict } from './found-conflict.js';

/** Statements kept per claim: bounded work on long or hostile claims. */
const MAX_STATEMENTS_PER_CLAIM = 8;
/** Characters of `about`. */
const ABOUT_CHARS = 160;
/** Fewest words a comma-bounded part of a clause needs besides the figure to say what it is about. */
const MIN_ABOUT_WORDS = 2;

/** A figure of a finding's claim whose binding names both what it is about and what it measures. */
interface BoundFigure {
  findingId: string;
  statement: FigureStatement;
  /** The claim's clause with the figure left out (`The tower stands … high`). */
  about: string;
  /** The values of the other figures of its statement ("Study 5-0 … 135 units": 5 and 0), which say which thing it is. */
  others: number[][];
}

const stemsOf = (words: readonly string[]) => new Set(words.map((word) => contentStem(word) ?? word));

/**
 * Whether two statements are about one entity: the words of one name nothing the other's do not
 * ("the tower" and "the Eiffel Tower" are one; "the Eiffel Tower" and "the Montparnasse Tower" two).
 */
function sameEntity(a: FigureStatement, b: FigureStatement): boolean {
  const [first, second] = [stemsOf(a.entity), stemsOf(b.entity)];
  const [small, large] = first.size <= second.size ? [first, second] : [second, first];
  return [...small].every((stem) => large.has(stem));
}

/** Whether two statements give one value as written: a value and a unit in common, the same attribute and qualifiers. */
function sameWritten(a: FigureStatement, b: FigureStatement): boolean {
  const units =
    (a.units.length === 0 && b.units.length === 0) || a.units.some((unit) => b.units.includes(unit));
  const value = a.values.some((one) =>
    b.values.some((other) => Math.abs(one - other) <= 1e-9 * Math.abs(one)),
  );
  const attribute = contentStem(a.attribute ?? '') === contentStem(b.attribute ?? '');
  const years = a.years.length === b.years.length && a.years.every((year) => b.years.includes(year));
  return units && value && attribute && years && a.place === b.place;
}

/**
 * The clause of a figure with the figure left out: the comma-bounded part of its statement that
 * holds it, or the whole statement when that part says little else ("At 324 metres, the tower is
 * the tallest structure in Paris" → "At …, the tower is the tallest structure in Paris").
 */
function valueAbout(claim: string, statement: FigureStatement): string {
  const { tokens, text } = analyse(claim);
  const { binding } = statement;
  let start = binding.clause?.start ?? 0;
  let end = binding.clause?.end ?? tokens.length;
  const comma = (at: number) => tokens[at]?.text === ',';
  let partStart = binding.start;
  while (partStart > start && !comma(partStart - 1)) partStart -= 1;
  let partEnd = binding.end;
  while (partEnd < end && !comma(partEnd)) partEnd += 1;
  const words = tokens.slice(partStart, partEnd).filter((token, index) => {
    const at = partStart + index;
    return token.kind === 'word' && (at < binding.start || at >= binding.end);
  });
  if (words.length >= MIN_ABOUT_WORDS) [start, end] = [partStart, partEnd];
  const from = (at: number) => tokens[at]?.start ?? 0;
  const to = (at: number) => tokens[at]?.end ?? 0;
  const before = text.slice(from(start), from(binding.start)).trim();
  const after = text
    .slice(to(binding.end - 1), to(end - 1))
    .trim()
    .replace(/[.;:!?]+$/, '');
  return `${before} … ${after}`
    .replace(/\s+/g, ' ')
    .replace(/ ([,;:])/g, '$1')
    .trim()
    .slice(0, ABOUT_CHARS);
}

/**
 * Whether two statements are of one thing as far as their other figures say: the other figures of
 * each statement are the other's ("Study 5-0 puts the cost at 135 units" and "Study 10-1 puts the
 * cost at 170 units" are two studies, not a conflict). Statements with no other figure are alike.
 */
function sameIdentifiers(a: BoundFigure, b: BoundFigure): boolean {
  const within = (mine: number[][], theirs: number[][]) =>
    mine.every((values) => theirs.some((other) => values.some((value) => other.includes(value))));
  return within(a.others, b.others) && within(b.others, a.others);
}

const cache = new WeakMap<Finding, BoundFigure[]>();

/**
 * The figures of a finding's claim that its binding reads fully: an entity (the subject of its
 * statement, not a pronoun) and an attribute (a dimension, or the noun counted). The conflict
 * finder that reads words takes the others (`isBoundFigure`).
 */
function boundFigures(finding: Finding): BoundFigure[] {
  const known = cache.get(finding);
  if (known) return known;
  const statements = figureStatements(finding.claim).slice(0, MAX_STATEMENTS_PER_CLAIM);
  const othersOf = (statement: FigureStatement) =>
    statements
      .filter((other) => other !== statement && other.binding.clause === statement.binding.clause)
      .map((other) => other.values);
  const bound = statements
    .filter((statement) => statement.entity.length > 0 && statement.attribute !== undefined)
    .map((statement) => ({
      findingId: finding.id,
      statement,
      about: valueAbout(finding.claim, statement),
      others: othersOf(statement),
    }));
  cache.set(finding, bound);
  return bound;
}

/** Whether a finding's figure written as `text` is one the binding reads fully (and this finder compares). */
export function isBoundFigure(finding: Finding, text: string): boolean {
  return boundFigures(finding).some((figure) => figure.statement.text === text);
}

/** Links between figures of two findings: those that disagree, and those that give one value alike. */
function links(own: readonly BoundFigure[], other: readonly BoundFigure[]): [BoundFigure, BoundFigure][] {
  const pairs = own.flatMap((mine) =>
    other
      .filter((theirs) => sameEntity(mine.statement, theirs.statement) && sameIdentifiers(mine, theirs))
      .map((theirs) => ({
        pair: [mine, theirs] as [BoundFigure, BoundFigure],
        conflict: statementsConflict(mine.statement, theirs.statement),
        same: sameWritten(mine.statement, theirs.statement),
      })),
  );
  // Two claims that disagree in more than one value (study 3-1: 121 units, 363 homes; study 3-2:
  // 122 units, 366 homes) are about different things: only one difference is a contradiction.
  const conflicts = pairs.filter((item) => item.conflict).length;
  return pairs.filter((item) => item.same || (item.conflict && conflicts === 1)).map((item) => item.pair);
}

/** Figures joined by links, as groups of two or more (union-find over their indices). */
function groupsOf(
  figures: readonly BoundFigure[],
  pairs: readonly [BoundFigure, BoundFigure][],
): BoundFigure[][] {
  const parent = figures.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    parent[index] = root;
    return root;
  };
  const at = new Map(figures.map((figure, index) => [figure, index]));
  for (const [a, b] of pairs) parent[find(at.get(a) ?? 0)] = find(at.get(b) ?? 0);
  const groups = new Map<number, BoundFigure[]>();
  figures.forEach((figure, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), figure]);
  });
  return [...groups.values()].filter((group) => group.length > 1);
}

/** The distinct values of a group: figures giving one value as written together, in the order found. */
function valuesOf(group: readonly BoundFigure[]): FoundConflict['values'] {
  const clusters: BoundFigure[][] = [];
  for (const figure of group) {
    const cluster = clusters.find((members) =>
      members.some((member) => sameWritten(member.statement, figure.statement)),
    );
    if (cluster) cluster.push(figure);
    else clusters.push([figure]);
  }
  return clusters.map((members) => ({
    value: members[0]?.statement.text ?? '',
    findingIds: [...new Set(members.map((member) => member.findingId))],
  }));
}

/**
 * Conflicts between the figures of findings, read by their bindings (the support check's reading
 * of each claim): the same entity, the same attribute, the same year and place, another value,
 * however each source phrases it ("stands 330 metres high" against "At 324 metres, the tower is
 * the tallest structure in Paris"). A year or place is part of what is measured ("14.0 million in
 * 2023" and "In 2020, … 13.9 million" do not conflict); one value written two ways, or in two
 * units, is one value; a finding giving one side's value joins that side.
 */
export function figureConflicts(findings: readonly Finding[]): FoundConflict[] {
  const lists = findings.map(boundFigures).filter((list) => list.length > 0);
  const pairs = lists.flatMap((own, index) => lists.slice(index + 1).flatMap((other) => links(own, other)));
  return groupsOf(lists.flat(), pairs).flatMap((group) => {
    const values = valuesOf(group);
    return values.length < 2 ? [] : [{ about: group[0]?.about ?? '', values }];
  });
}
