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

/**
 * An incremental BM25 index: documents are tokenized once when added, so scoring a query costs
 * one pass over the documents for the query's terms only. Small and dependency-free: enough to
 * pick the passages most related to the question and its open sub-questions.
 */
export interface Bm25Index {
  add(text: string): void;
  /** Adds a document whose terms were read already (`termsBetween` of a page read once). */
  addTerms(terms: readonly string[]): void;
  /** Score of every document, in the order added. */
  scores(query: string): number[];
  readonly size: number;
}

/** Creates an empty BM25 index over the terms `terms` makes of a text (default: `tokenize`). */
export function createBm25Index(terms: (text: string) => string[] = tokenize): Bm25Index {
  const lengths: number[] = [];
  /** Term → documents containing it, with the term's count in each (an inverted index). */
  const postings = new Map<string, { documents: number[]; counts: number[] }>();
  let totalLength = 0;
  const addTerms = (documentTerms: readonly string[]) => {
    const document = lengths.length;
    // Straight into the postings: a document's counts are the last entries of its terms' lists.
    for (const term of documentTerms) {
      const list = postings.get(term);
      if (!list) postings.set(term, { documents: [document], counts: [1] });
      else if (list.documents[list.documents.length - 1] === document)
        list.counts[list.counts.length - 1] = (list.counts[list.counts.length - 1] ?? 0) + 1;
      else {
        list.documents.push(document);
        list.counts.push(1);
      }
    }
    lengths.push(documentTerms.length);
    totalLength += documentTerms.length;
  };
  return {
    add(text) {
      addTerms(terms(text));
    },
    addTerms,
    scores(query) {
      const scores = new Array<number>(lengths.length).fill(0);
      if (lengths.length === 0) return scores;
      const averageLength = totalLength / lengths.length || 1;
      for (const term of new Set(terms(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const weight = termWeight(lengths.length, list.documents.length);
        // Plain loops without a call per posting: a common word has a posting in every passage.
        for (let position = 0; position < list.documents.length; position += 1) {
          const document = list.documents[position] ?? 0;
          const count = list.counts[position] ?? 0;
          const norm = lengthNorm(lengths[document] ?? 0, averageLength);
          scores[document] = (scores[document] ?? 0) + termScore(weight, count, norm);
        }
      }
      return scores;
    },
    get size() {
      return lengths.length;
    },
  };
}

/** BM25 scores of each document against the query, for one-off rankings. */
export function bm25Scores(query: string, documents: readonly string[]): number[] {
  const index = createBm25Index();
  for (const document of documents) index.add(document);
  return index.scores(query);
}
