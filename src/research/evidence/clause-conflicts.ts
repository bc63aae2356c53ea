import type { Finding } from '../../contract/index.js';
import { isBoundFigure } from './figure-conflicts.js';
import type { FoundConflict } from './found-conflict.js';
import { mentionsOf, type QuantityMention, sameValue } from './quantity-mentions.js';

/** Share of subject words (Jaccard) two mentions must have in common to be the same quantity. */
const SAME_SUBJECT = 0.6;

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Whether two mentions may measure the same quantity: same kind, same units (or both none), and
 * the same date when both say when they held (`14 million in 2023` is not `13 million in 2020`).
 */
function comparable(a: QuantityMention, b: QuantityMention): boolean {
  if (a.kind !== b.kind) return false;
  const dated = a.qualifiers.length > 0 && b.qualifiers.length > 0;
  if (dated && !a.qualifiers.some((date) => b.qualifiers.some((other) => sameValue(date, other))))
    return false;
  if (a.units.length === 0 || b.units.length === 0) return a.units.length === b.units.length;
  return a.units.some((unit) => b.units.includes(unit));
}

/**
 * The mention of `others` most like `mention` in subject, when one is alike enough; of equally
 * alike ones, the one nearest its place in its claim (the second value with the second value).
 */
function closest(mention: QuantityMention, others: readonly QuantityMention[]): QuantityMention | undefined {
  let best: QuantityMention | undefined;
  let bestScore = SAME_SUBJECT;
  for (const other of others) {
    if (!comparable(mention, other)) continue;
    const score = similarity(mention.subject, other.subject);
    const nearer =
      best !== undefined &&
      Math.abs(other.position - mention.position) < Math.abs(best.position - mention.position);
    if (score > bestScore || (score === bestScore && (best === undefined || nearer))) {
      best = other;
      bestScore = score;
    }
  }
  return best;
}

/** Union-find over mention indices. */
function createGroups(size: number) {
  const parent = Array.from({ length: size }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    parent[index] = root;
    return root;
  };
  const join = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  return { find, join };
}

/**
 * Links each mention of one finding to its closest mention in another finding of the same
 * sub-question when the choice is mutual: two values of one claim (330 m tall, 24 m antenna) are
 * never both tied to the one value of another. Values that differ are linked only when they are
 * the one difference between the two claims. Numbers the binding reads fully are matched and
 * counted too (a claim's differences are all its values'), but linked by `figureConflicts` only.
 */
function linkMentions(findings: readonly Finding[]): QuantityMention[][] {
  const mentions = findings.flatMap(mentionsOf);
  const byFinding = new Map<string, QuantityMention[]>();
  for (const mention of mentions)
    byFinding.set(mention.findingId, [...(byFinding.get(mention.findingId) ?? []), mention]);
  const findingOf = new Map(findings.map((finding) => [finding.id, finding]));
  const bound = (mention: QuantityMention) => {
    const finding = findingOf.get(mention.findingId);
    return mention.kind === 'number' && finding !== undefined && isBoundFigure(finding, mention.text);
  };
  const index = new Map(mentions.map((mention, at) => [mention, at]));
  const groups = createGroups(mentions.length);
  const lists = [...byFinding.values()];
  lists.forEach((own, at) => {
    for (const other of lists.slice(at + 1)) {
      const pairs = own.flatMap((mention) => {
        const match = closest(mention, other);
        return match && closest(match, own) === mention
          ? [{ mention, match, same: sameValue(mention, match) }]
          : [];
      });
      // Two claims that differ in several values (study 3-1: 121 units, 363 homes; study 3-2: 122
      // units, 366 homes) are about different things; only a claim that differs in one value
      // contradicts the other.
      const differing = pairs.filter((pair) => !pair.same).length;
      for (const pair of pairs) {
        if ((pair.same || differing === 1) && !bound(pair.mention) && !bound(pair.match))
          groups.join(index.get(pair.mention) ?? 0, index.get(pair.match) ?? 0);
      }
    }
  });
  const components = new Map<number, QuantityMention[]>();
  mentions.forEach((mention, at) => {
    const root = groups.find(at);
    components.set(root, [...(components.get(root) ?? []), mention]);
  });
  return [...components.values()].filter((component) => component.length > 1);
}

/** The distinct values of one quantity: mentions that state the same value, written any way, together. */
function valuesOf(component: readonly QuantityMention[]): FoundConflict['values'] {
  const clusters: QuantityMention[][] = [];
  for (const mention of component) {
    const cluster = clusters.find((members) => members.some((member) => sameValue(member, mention)));
    if (cluster) cluster.push(mention);
    else clusters.push([mention]);
  }
  return clusters.map((members) => ({
    value: members[0]?.text ?? '',
    findingIds: [...new Set(members.map((member) => member.findingId))],
  }));
}

/**
 * Conflicts read off the words of the claims, for the values the binding does not read fully:
 * dates, ordinals, and numbers without a named entity or attribute. Values of the same kind (a
 * date, a number in the same unit, an ordinal) whose clauses share most of their subject words,
 * which do not state the same value written another way: `completed in 1889` against `completed
 * in 1887`; a date in a number's clause says when it held (`14 million in 2023` is not `13.5
 * million in 2020`).
 */
export function clauseConflicts(findings: readonly Finding[]): FoundConflict[] {
  return linkMentions(findings).flatMap((component) => {
    const values = valuesOf(component);
    return values.length < 2 ? [] : [{ about: component[0]?.about ?? '', values }];
  });
}
