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

/** A bag with its terms' numbers in the vocabulary (`termNumber`) of the era they were taken in. */
interface NumberedBag extends TermBag {
  numbers: Int32Array;
  era: number;
}

/**
 * Every term scored so far, numbered, so that finding a bag's terms among a query's is reading
 * arrays rather than hashing strings. Started again (a new era: bags number their terms again)
 * once it holds `MAX_VOCABULARY`, between two scorings, so a long-lived server does not grow it.
 */
let vocabulary = new Map<string, number>();
let era = 0;
const MAX_VOCABULARY = 200_000;

function termNumber(term: string): number {
  let number = vocabulary.get(term);
  if (number === undefined) {
    number = vocabulary.size;
    vocabulary.set(term, number);
  }
  return number;
}

function numbersOf(bag: NumberedBag): Int32Array {
  if (bag.era !== era) {
    bag.numbers = Int32Array.from(bag.terms, termNumber);
    bag.era = era;
  }
  return bag.numbers;
}

/** Per term number, the query slot it fills in the scoring stamped `slotStamp` (else none). */
let slotStamp = new Uint32Array(1024);
let slotOf = new Int32Array(1024);
let stamp = 0;

/** The bag of a document's terms. */
export function termBag(terms: readonly string[]): TermBag {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const bag: NumberedBag = {
    terms: [...counts.keys()],
    counts: [...counts.values()],
    length: terms.length,
    numbers: new Int32Array(0),
    era: -1,
  };
  return bag;
}

/** BM25's weight of a term found in `holding` of `documents` documents. */
function termWeight(documents: number, holding: number): number {
  return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
}

/** BM25's length normalisation of a document of `length` terms (the `k1 (1 - b + b·len/avg)` part). */
function lengthNorm(length: number, averageLength: number): number {
  return BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength);
}

/**
 * BM25 scores of bags against each of several queries (their terms each counted once), with
 * document frequencies and the average length taken over these bags alone: the same figures an
 * index of just them would give, without counting their terms again. The bags are read once for
 * all the queries: each bag's terms are looked up among the queries' few, which keeps the cost
 * per bag small when there are thousands (a whole URL pool, every step).
 */
export function bm25BagScores(queries: readonly (readonly string[])[], bags: readonly TermBag[]): number[][] {
  if (vocabulary.size >= MAX_VOCABULARY) {
    vocabulary = new Map();
    era += 1;
  }
  const slots = new Map<string, number>();
  for (const query of queries) for (const term of query) if (!slots.has(term)) slots.set(term, slots.size);
  const numbered = [...slots.keys()].map(termNumber);
  if (vocabulary.size > slotStamp.length) {
    slotStamp = new Uint32Array(Math.max(vocabulary.size, slotStamp.length * 2));
    slotOf = new Int32Array(slotStamp.length);
    stamp = 0;
  }
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    // Wrapped around: stamps of long ago would look current.
    slotStamp.fill(0);
    stamp = 1;
  }
  numbered.forEach((number, slot) => {
    slotStamp[number] = stamp;
    slotOf[number] = slot;
  });
  // Per query term: the bags holding it, in order, and its count in each (an inverted index of them).
  const holders = Array.from({ length: slots.size }, () => ({
    documents: [] as number[],
    counts: [] as number[],
  }));
  let totalLength = 0;
  for (let document = 0; document < bags.length; document += 1) {
    const bag = bags[document] as TermBag;
    totalLength += bag.length;
    const numbers = 'numbers' in bag ? numbersOf(bag as NumberedBag) : Int32Array.from(bag.terms, termNumber);
    for (let position = 0; position < numbers.length; position += 1) {
      const number = numbers[position] as number;
      if (number >= slotStamp.length || slotStamp[number] !== stamp) continue;
      const holder = holders[slotOf[number] as number] as { documents: number[]; counts: number[] };
      holder.documents.push(document);
      holder.counts.push(bag.counts[position] ?? 0);
    }
  }
  const averageLength = totalLength / bags.length || 1;
  return queries.map((query) => {
    const scores = new Array<number>(bags.length).fill(0);
    for (const term of new Set(query)) {
      const holder = holders[slots.get(term) ?? -1];
      if (!holder || holder.documents.length === 0) continue;
      const weight = termWeight(bags.length, holder.documents.length);
      for (let position = 0; position < holder.documents.length; position += 1) {
        const document = holder.documents[position] ?? 0;
        const count = holder.counts[position] ?? 0;
        const norm = lengthNorm(bags[document]?.length ?? 0, averageLength);
        scores[document] = (scores[document] ?? 0) + (weight * count * (BM25_K1 + 1)) / (count + norm);
      }
    }
    return scores;
  });
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
