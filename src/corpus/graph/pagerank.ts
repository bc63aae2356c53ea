import { PAGERANK_DAMPING, PAGERANK_ITERATIONS, PAGERANK_TOLERANCE } from '../constants.js';

/** Weighted directed edges, edge `i` from node `from[i]` to node `to[i]` with weight `weight[i]`. */
export interface Edges {
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array;
}

/**
 * PageRank by power iteration over a weighted graph of `size` nodes. `personalization` (weights
 * by node, default uniform) is where random jumps land and where dangling nodes' rank goes, which
 * biases the ranking towards those nodes. Ranks sum to 1. Iterates until no rank moves by more
 * than `PAGERANK_TOLERANCE` in total (L1), at most `PAGERANK_ITERATIONS` times.
 */
export function pageRank(options: {
  size: number;
  edges: Edges;
  personalization?: ReadonlyMap<number, number>;
}): Float64Array {
  const { size } = options;
  const { from, to, weight } = options.edges;
  const teleport = new Float64Array(size);
  const personalTotal = [...(options.personalization?.values() ?? [])].reduce((sum, value) => sum + value, 0);
  for (let node = 0; node < size; node++) {
    teleport[node] =
      personalTotal > 0 ? (options.personalization?.get(node) ?? 0) / personalTotal : 1 / Math.max(1, size);
  }
  const outWeight = new Float64Array(size);
  for (let index = 0; index < from.length; index++) {
    const source = from[index] as number;
    outWeight[source] = (outWeight[source] as number) + (weight[index] as number);
  }
  // Each weight divided by its source's total: the share of the source's rank the edge carries.
  const share = weight.map((value, index) => value / (outWeight[from[index] as number] || 1));
  let rank = Float64Array.from(teleport);
  let next = new Float64Array(size);
  for (let iteration = 0; iteration < PAGERANK_ITERATIONS; iteration++) {
    next.fill(0);
    let dangling = 0;
    for (let node = 0; node < size; node++) if (outWeight[node] === 0) dangling += rank[node] as number;
    for (let index = 0; index < from.length; index++) {
      const target = to[index] as number;
      next[target] =
        (next[target] as number) +
        PAGERANK_DAMPING * (rank[from[index] as number] as number) * (share[index] as number);
    }
    const jump = 1 - PAGERANK_DAMPING + PAGERANK_DAMPING * dangling;
    let change = 0;
    for (let node = 0; node < size; node++) {
      next[node] = (next[node] as number) + jump * (teleport[node] as number);
      change += Math.abs((next[node] as number) - (rank[node] as number));
    }
    [rank, next] = [next, rank];
    if (change < PAGERANK_TOLERANCE) break;
  }
  return rank;
}
