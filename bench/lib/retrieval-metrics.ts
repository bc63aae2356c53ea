/**
 * Retrieval metrics with trec_eval's definitions: nDCG@k with gain = relevance grade and discount
 * log2(rank + 1), the ideal ranking built from the judgements; recall@k over judged-relevant ids.
 */
export function ndcgAt(k: number, ranked: readonly string[], relevance: ReadonlyMap<string, number>): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, index) => {
    dcg += (relevance.get(id) ?? 0) / Math.log2(index + 2);
  });
  const ideal = [...relevance.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, index) => sum + grade / Math.log2(index + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  if (relevant.size === 0) return 0;
  return ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;
}

/** The value at quantile `q` (0–1) of the numbers, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Ids in ranked order without repeats (several passages of one document count once, at the best). */
export function distinct(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
