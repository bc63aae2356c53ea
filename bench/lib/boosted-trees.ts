/**
 * Gradient-boosted regression trees for a yes/no label (logistic loss, second-order steps over
 * histograms of each feature's quantile bins): what `bench/reader-unit-model.ts` trains the reader's
 * unit filter with. Deterministic: the same rows give the same trees.
 */
import { treeScoreOf, type UnitModel, type UnitTree } from '../../src/reader/html/unit-filter.js';

/** One training example: its features, whether it is content (1) or not (0), and its weight. */
export interface LabelledRow {
  features: readonly number[];
  label: 0 | 1;
  weight: number;
}

export interface BoostingOptions {
  /** The feature names, in the vectors' order. */
  names: readonly string[];
  rounds?: number;
  depth?: number;
  learningRate?: number;
  /** How many quantile bins each feature's values fall into. */
  bins?: number;
  /** Fewer rows than this make a leaf. */
  leastRows?: number;
}

/** The quantile edges of each feature over the rows: a value at most edge b falls in bin b. */
function edgesOf(rows: readonly LabelledRow[], featureCount: number, bins: number): number[][] {
  return Array.from({ length: featureCount }, (_, feature) => {
    const values = rows.map((row) => row.features[feature] ?? 0).sort((a, b) => a - b);
    const edges: number[] = [];
    for (let bin = 1; bin < bins; bin++) {
      const value = values[Math.floor((bin * values.length) / bins)]!;
      if (edges.length === 0 || value > edges[edges.length - 1]!) edges.push(value);
    }
    return edges;
  });
}

function binOf(edges: readonly number[], value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value > edges[middle]!) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Trains boosted trees on the rows; their summed leaves are the log-odds of the label. */
export function trainBoostedTrees(rows: readonly LabelledRow[], options: BoostingOptions): UnitModel {
  const { names, rounds = 60, depth = 3, learningRate = 0.1, bins = 32, leastRows = 40 } = options;
  const featureCount = names.length;
  const edges = edgesOf(rows, featureCount, bins);
  const binned = rows.map((row) =>
    Uint8Array.from(edges, (featureEdges, feature) => binOf(featureEdges, row.features[feature] ?? 0)),
  );
  const positive = rows.reduce((sum, row) => sum + row.weight * row.label, 0);
  const total = rows.reduce((sum, row) => sum + row.weight, 0);
  const base = Math.log(positive / Math.max(total - positive, 1e-9));
  const scores = new Float64Array(rows.length).fill(base);
  const gradients = new Float64Array(rows.length);
  const hessians = new Float64Array(rows.length);

  const grow = (members: number[], levelsLeft: number): UnitTree => {
    let gradient = 0;
    let hessian = 0;
    for (const index of members) {
      gradient += gradients[index]!;
      hessian += hessians[index]!;
    }
    const leaf = (-gradient / (hessian + 1)) * learningRate;
    if (levelsLeft === 0 || members.length < leastRows) return leaf;
    let best = { gain: 0, feature: -1, bin: -1 };
    for (let feature = 0; feature < featureCount; feature++) {
      const binGradients = new Float64Array(bins + 1);
      const binHessians = new Float64Array(bins + 1);
      for (const index of members) {
        const bin = binned[index]![feature]!;
        binGradients[bin] = binGradients[bin]! + gradients[index]!;
        binHessians[bin] = binHessians[bin]! + hessians[index]!;
      }
      let leftGradient = 0;
      let leftHessian = 0;
      for (let bin = 0; bin < bins; bin++) {
        leftGradient += binGradients[bin]!;
        leftHessian += binHessians[bin]!;
        const rightGradient = gradient - leftGradient;
        const rightHessian = hessian - leftHessian;
        if (leftHessian < 5 || rightHessian < 5) continue;
        const gain =
          leftGradient ** 2 / (leftHessian + 1) +
          rightGradient ** 2 / (rightHessian + 1) -
          gradient ** 2 / (hessian + 1);
        if (gain > best.gain) best = { gain, feature, bin };
      }
    }
    const featureEdges = edges[best.feature];
    if (!featureEdges || best.bin >= featureEdges.length) return leaf;
    const below = members.filter((index) => binned[index]![best.feature]! <= best.bin);
    const above = members.filter((index) => binned[index]![best.feature]! > best.bin);
    return [best.feature, featureEdges[best.bin]!, grow(below, levelsLeft - 1), grow(above, levelsLeft - 1)];
  };

  const everyRow = rows.map((_, index) => index);
  const trees: UnitTree[] = [];
  for (let round = 0; round < rounds; round++) {
    rows.forEach((row, index) => {
      const probability = 1 / (1 + Math.exp(-scores[index]!));
      gradients[index] = (probability - row.label) * row.weight;
      hessians[index] = probability * (1 - probability) * row.weight;
    });
    const tree = grow(everyRow, depth);
    trees.push(tree);
    rows.forEach((row, index) => {
      scores[index] = scores[index]! + treeScoreOf(tree, row.features);
    });
  }
  return { features: [...names], base, trees };
}
