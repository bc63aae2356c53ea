import { PAGERANK_DAMPING, PAGERANK_ITERATIONS } from '../constants.js';

/** A weighted directed edge between node indexes. */
export interface WeightedEdge {
  from: number;
  to: number;
  weight: number;
}

/**
 * PageRank by power iteration over a weighted graph of `size` nodes. `personalization` (weights
 * by node, default uniform) is where random jumps land and where dangling nodes' rank goes, which
 * biases the ranking towards those nodes. Ranks sum to 1.
 */
export function pageRank(options: {
  size: number;
  edges: readonly WeightedEdge[];
  personalization?: ReadonlyMap<number, number>;
}): Float64Array {
  const { size, edges } = options;
  const teleport = new Float64Array(size);
  const personalTotal = [...(options.personalization?.values() ?? [])].reduce((sum, value) => sum + value, 0);
  for (let node = 0; node < size; node++) {
    teleport[node] =
      personalTotal > 0 ? (options.personalization?.get(node) ?? 0) / personalTotal : 1 / Math.max(1, size);
  }
  const outWeight = new Float64Array(size);
  for (const edge of edges) outWeight[edge.from] = (outWeight[edge.from] ?? 0) + edge.weight;
  let rank = Float64Array.from(teleport);
  for (let iteration = 0; iteration < PAGERANK_ITERATIONS; iteration++) {
    const next = new Float64Array(size);
    let dangling = 0;
    for (let node = 0; node < size; node++) if (outWeight[node] === 0) dangling += rank[node] ?? 0;
    for (const edge of edges) {
      next[edge.to] =
        (next[edge.to] ?? 0) +
        (PAGERANK_DAMPING * (rank[edge.from] ?? 0) * edge.weight) / (outWeight[edge.from] ?? 1);
    }
    for (let node = 0; node < size; node++) {
      next[node] =
        (next[node] ?? 0) + (1 - PAGERANK_DAMPING + PAGERANK_DAMPING * dangling) * (teleport[node] ?? 0);
    }
    rank = next;
  }
  return rank;
}
