/** Lower-cased word tokens of at least two characters, letters and digits of any script. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/**
 * An incremental BM25 index: documents are tokenized once when added, so scoring a query costs
 * one pass over the documents for the query's terms only. Small and dependency-free: enough to
 * pick the passages most related to the question and its open sub-questions.
 */
export interface Bm25Index {
  add(text: string): void;
  /** Score of every document, in the order added. */
  scores(query: string): number[];
  readonly size: number;
}

/** Creates an empty BM25 index over the terms `terms` makes of a text (default: `tokenize`). */
export function createBm25Index(terms: (text: string) => string[] = tokenize): Bm25Index {
  const lengths: number[] = [];
  /** Term → documents containing it, with the term's count in each (an inverted index). */
  const postings = new Map<string, { document: number; count: number }[]>();
  let totalLength = 0;
  return {
    add(text) {
      const document = lengths.length;
      const counts = new Map<string, number>();
      const tokens = terms(text);
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [term, count] of counts) {
        const list = postings.get(term);
        if (list) list.push({ document, count });
        else postings.set(term, [{ document, count }]);
      }
      lengths.push(tokens.length);
      totalLength += tokens.length;
    },
    scores(query) {
      const scores = new Array<number>(lengths.length).fill(0);
      if (lengths.length === 0) return scores;
      const averageLength = totalLength / lengths.length || 1;
      for (const term of new Set(terms(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const weight = Math.log(1 + (lengths.length - list.length + 0.5) / (list.length + 0.5));
        for (const { document, count } of list) {
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[document] ?? 0)) / averageLength);
          scores[document] = (scores[document] ?? 0) + (weight * count * (BM25_K1 + 1)) / (count + norm);
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
