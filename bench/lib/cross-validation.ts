/**
 * K-fold cross-validation split by a grouping key (an article, a site, a repository), with a choice
 * among candidates fitted on the training folds only: what `bench/claim-support-wice.ts` reports.
 */

/** The human label of a WiCE claim. */
export type Label = 'supported' | 'partially_supported' | 'not_supported';

/** FNV-1a: a stable order of groups that does not follow the file's. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The fold (0-based) of a group the split never saw, by its hash alone: where an extra item (one
 * used to train and never scored) goes when no group of the split is its own.
 */
export function foldOfUnseenGroup(group: string, count: number): number {
  return hash(group) % count;
}

/**
 * The fold (0-based) of each item: groups, largest first and then in hash order, each go whole to
 * the fold with the fewest items so far, so folds are of similar size and share no group. Another
 * `seed` orders groups of one size otherwise: another split of the same kind.
 */
export function foldsByGroup(groups: readonly string[], count: number, seed = 0): number[] {
  const seeded = (group: string) => hash(seed === 0 ? group : `${seed}:${group}`);
  const members = new Map<string, number[]>();
  groups.forEach((group, index) => {
    members.set(group, [...(members.get(group) ?? []), index]);
  });
  const ordered = [...members.entries()].sort(
    ([groupA, a], [groupB, b]) => b.length - a.length || seeded(groupA) - seeded(groupB),
  );
  const sizes = new Array<number>(count).fill(0);
  const folds = new Array<number>(groups.length).fill(0);
  for (const [, indexes] of ordered) {
    const fold = sizes.indexOf(Math.min(...sizes));
    for (const index of indexes) folds[index] = fold;
    sizes[fold] = (sizes[fold] ?? 0) + indexes.length;
  }
  return folds;
}

/** How often one rule rejects the claims of each label, over some claims. */
export interface Rates {
  supportedRejected: number;
  notSupportedCaught: number;
  partialCaught: number;
  counts: Record<Label, { rejected: number; total: number }>;
}

/** The rates of a rule (`rejected`) over the claims `indexes` of `labels`. */
export function ratesOf(
  labels: readonly Label[],
  indexes: readonly number[],
  rejected: (index: number) => boolean,
): Rates {
  const counts: Rates['counts'] = {
    supported: { rejected: 0, total: 0 },
    partially_supported: { rejected: 0, total: 0 },
    not_supported: { rejected: 0, total: 0 },
  };
  for (const index of indexes) {
    const count = counts[labels[index] ?? 'supported'];
    count.total += 1;
    if (rejected(index)) count.rejected += 1;
  }
  const rate = (label: Label) => counts[label].rejected / Math.max(counts[label].total, 1);
  return {
    supportedRejected: rate('supported'),
    notSupportedCaught: rate('not_supported'),
    partialCaught: rate('partially_supported'),
    counts,
  };
}

/**
 * The candidate the selection rule picks on the claims `indexes`: among those that wrongly reject at
 * most `maxRejected` of the supported claims, the one that catches the most (mean of the
 * not-supported and partially-supported rates; the first listed on a tie); when none does, among
 * those that reject fewest supported claims, the one that catches the most.
 */
export function chooseCandidate(options: {
  labels: readonly Label[];
  /** For each candidate, whether it rejects each claim. */
  rejections: readonly (readonly boolean[])[];
  indexes: readonly number[];
  maxRejected: number;
}): number {
  const { labels, rejections, indexes, maxRejected } = options;
  const rates = rejections.map((rejected) => ratesOf(labels, indexes, (index) => rejected[index] ?? false));
  const fewest = Math.min(...rates.map((rate) => rate.supportedRejected));
  const allowed = Math.max(maxRejected, fewest);
  const caught = (rate: Rates) => (rate.notSupportedCaught + rate.partialCaught) / 2;
  let best = 0;
  let bestCaught = -1;
  rates.forEach((rate, candidate) => {
    if (rate.supportedRejected > allowed || caught(rate) <= bestCaught) return;
    best = candidate;
    bestCaught = caught(rate);
  });
  return best;
}

/** `mean ± sample standard deviation` of some shares, as percentages. */
export function meanAndSpread(values: readonly number[]): string {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance =
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(values.length - 1, 1);
  return `${(100 * mean).toFixed(1)}% ± ${(100 * Math.sqrt(variance)).toFixed(1)}%`;
}

/**
 * Cross-validation of candidates over one split: for each fold, the candidate `chooseCandidate`
 * picks on the other folds, and its rates on that fold.
 */
export function crossValidate(options: {
  labels: readonly Label[];
  rejections: readonly (readonly boolean[])[];
  folds: readonly number[];
  count: number;
  maxRejected: number;
}): { chosen: number; rates: Rates }[] {
  const { labels, rejections, folds, count, maxRejected } = options;
  const indexes = labels.map((_, index) => index);
  return [...Array(count).keys()].map((fold) => {
    const test = indexes.filter((index) => folds[index] === fold);
    const train = indexes.filter((index) => folds[index] !== fold);
    const chosen = chooseCandidate({ labels, rejections, indexes: train, maxRejected });
    const picked = rejections[chosen] ?? [];
    return { chosen, rates: ratesOf(labels, test, (index) => picked[index] ?? false) };
  });
}
