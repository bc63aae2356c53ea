/** A word: two or more letters or digits of any script. */
export const WORD = /[\p{L}\p{N}]{2,}/gu;

/** Lower-cased word tokens of at least two characters, letters and digits of any script. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** A document's terms counted once, so it can be scored against many queries without reading it again. */
export interface TermBag {
  /** Its distinct terms, in the order they first occur. */
  readonly terms: readonly string[];
  /** Times each of `terms` occurs, by position. */
  readonly counts: readonly number[];
  /** Terms in all, repeats counted. */
  readonly length: number;
}

/** The bag of a document's terms. */
export function termBag(terms: readonly string[]): TermBag {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { terms: [...counts.keys()], counts: [...counts.values()], length: terms.length };
}

/** BM25's weight of a term found in `holding` of `documents` documents. */
export function termWeight(documents: number, holding: number): number {
  return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
}

/** BM25's length normalisation of a document of `length` terms (the `k1 (1 - b + b·len/avg)` part). */
export function lengthNorm(length: number, averageLength: number): number {
  return BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength);
}

/** What a term of `weight` found `count` times in a document of length norm `norm` adds to its score. */
export function termScore(weight: number, count: number, norm: number): number {
  return (weight * count * (BM25_K1 + 1)) / (count + norm);
}
