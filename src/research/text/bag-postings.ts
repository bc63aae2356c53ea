import { lengthNorm, type TermBag, termScore, termWeight } from './text-rank.js';

/**
 * An inverted index of term bags that documents enter and leave: each bag is read once, when it
 * enters, and document frequencies, lengths and the document count follow every add and removal.
 * BM25 against it reads only the postings of the query's terms, so a document holding none of
 * them costs nothing, and it gives the very figures (to the last bit) an index built afresh from
 * the documents present would give.
 */
export interface BagPostings<Key> {
  /** Adds a document's bag under `key`, replacing the bag it had. */
  set(key: Key, bag: TermBag): void;
  /** Takes a document out; false when it was not in. */
  delete(key: Key): boolean;
  /** The bag a document is held with, if it is in. */
  bagOf(key: Key): TermBag | undefined;
  /** How many documents hold `term` (its document frequency). */
  frequency(term: string): number;
  /** Documents in the index. */
  readonly size: number;
  /** Terms of all documents, repeats counted. */
  readonly totalLength: number;
  /**
   * BM25 scores against each query (its terms each counted once, as `bm25BagScores` does), for the
   * documents holding at least one query term: document → its score per query, in the queries'
   * order. Every document left out scores 0 against every query.
   */
  scores(queries: readonly (readonly string[])[]): Map<Key, number[]>;
}

/** Creates an empty index; `bags` (key and bag) are added in order. */
export function createBagPostings<Key>(bags: Iterable<readonly [Key, TermBag]> = []): BagPostings<Key> {
  const held = new Map<Key, TermBag>();
  /** Term → the documents holding it, with its count in each. */
  const postings = new Map<string, Map<Key, number>>();
  let totalLength = 0;

  const remove = (key: Key): boolean => {
    const bag = held.get(key);
    if (!bag) return false;
    held.delete(key);
    totalLength -= bag.length;
    for (const term of bag.terms) {
      const holders = postings.get(term);
      holders?.delete(key);
      // A term no document holds any more leaves, so a long run's vocabulary does not only grow.
      if (holders?.size === 0) postings.delete(term);
    }
    return true;
  };

  const index: BagPostings<Key> = {
    set(key, bag) {
      if (held.get(key) === bag) return;
      remove(key);
      held.set(key, bag);
      totalLength += bag.length;
      bag.terms.forEach((term, position) => {
        const holders = postings.get(term);
        const count = bag.counts[position] ?? 0;
        if (holders) holders.set(key, count);
        else postings.set(term, new Map([[key, count]]));
      });
    },
    delete: remove,
    bagOf(key) {
      return held.get(key);
    },
    frequency(term) {
      return postings.get(term)?.size ?? 0;
    },
    get size() {
      return held.size;
    },
    get totalLength() {
      return totalLength;
    },
    scores(queries) {
      const scored = new Map<Key, number[]>();
      const documents = held.size;
      const averageLength = totalLength / documents || 1;
      queries.forEach((query, slot) => {
        for (const term of new Set(query)) {
          const holders = postings.get(term);
          if (!holders) continue;
          const weight = termWeight(documents, holders.size);
          for (const [key, count] of holders) {
            let row = scored.get(key);
            if (!row) {
              row = new Array<number>(queries.length).fill(0);
              scored.set(key, row);
            }
            const norm = lengthNorm((held.get(key) as TermBag).length, averageLength);
            row[slot] = (row[slot] ?? 0) + termScore(weight, count, norm);
          }
        }
      });
      return scored;
    },
  };
  for (const [key, bag] of bags) index.set(key, bag);
  return index;
}
