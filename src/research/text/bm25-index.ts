import { lengthNorm, termScore, termWeight, tokenize } from './text-rank.js';
import { type TokenSpans, wordsWithin } from './token-spans.js';

/** A slice of a text: offsets, `end` not included. */
export interface TextSlice {
  start: number;
  end: number;
}

/**
 * An incremental BM25 index: documents are tokenized once when added, so scoring a query costs
 * one pass over the documents for the query's terms only. Small and dependency-free: enough to
 * pick the passages most related to the question and its open sub-questions.
 */
export interface Bm25Index {
  add(text: string): void;
  /** Adds a document whose terms were read already. */
  addTerms(terms: readonly string[]): void;
  /**
   * Adds one document for each slice of a text whose words were read once (`tokenSpans`), each
   * holding the slice's words as `tokenize` reads the slice, and `extra` (a title's words): the
   * documents `addTerms` of those words would add, counted by the text's word ids.
   */
  addSlices(spans: TokenSpans, slices: readonly TextSlice[], extra?: readonly string[]): void;
  /** Score of every document, in the order added. */
  scores(query: string): number[];
  readonly size: number;
}

/** The documents holding a term, in the order added, with the term's count in each. */
interface Posting {
  documents: number[];
  counts: number[];
}

/** Creates an empty BM25 index over the terms `terms` makes of a text (default: `tokenize`). */
export function createBm25Index(terms: (text: string) => string[] = tokenize): Bm25Index {
  const lengths: number[] = [];
  /** Term → documents containing it, with the term's count in each (an inverted index). */
  const postings = new Map<string, Posting>();
  let totalLength = 0;
  const postingOf = (term: string): Posting => {
    let list = postings.get(term);
    if (!list) {
      list = { documents: [], counts: [] };
      postings.set(term, list);
    }
    return list;
  };
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
  const addSlices = (spans: TokenSpans, slices: readonly TextSlice[], extra: readonly string[] = []) => {
    const { vocabulary, words } = spans;
    // A term's posting list is looked up once for the whole text, not once for each slice.
    const lists = new Array<Posting | undefined>(vocabulary.length);
    const counts = new Uint32Array(vocabulary.length);
    const touched = new Uint32Array(vocabulary.length);
    // The extra terms are the same for every slice: the text's ids of those it holds, and the
    // others counted once with their posting lists.
    const extraIds: number[] = [];
    const extraOthers = new Map<string, number>();
    for (const term of extra) {
      const id = spans.idOf(term);
      if (id === undefined) extraOthers.set(term, (extraOthers.get(term) ?? 0) + 1);
      else extraIds.push(id);
    }
    // Plain loops and arrays made by pushing (see `sliceScores`): this runs for every page read.
    const extraLists: Posting[] = [];
    const extraCounts: number[] = [];
    if (slices.length > 0) {
      for (const [term, count] of extraOthers) {
        extraLists.push(postingOf(term));
        extraCounts.push(count);
      }
    }
    for (const slice of slices) {
      const document = lengths.length;
      const within = wordsWithin(spans, slice);
      // The slice's words, the extra terms the text holds, and the cut words it holds, by id;
      // a cut word the text lacks joins the extra terms it lacks (one posting a term a slice).
      let others: Map<string, number> | undefined;
      let distinct = 0;
      for (let position = within.from; position < within.to; position += 1) {
        const id = words[position] ?? 0;
        if (counts[id] === 0) touched[distinct++] = id;
        counts[id] = (counts[id] ?? 0) + 1;
      }
      for (const id of extraIds) {
        if (counts[id] === 0) touched[distinct++] = id;
        counts[id] = (counts[id] ?? 0) + 1;
      }
      for (const term of within.cut) {
        const id = spans.idOf(term);
        if (id !== undefined) {
          if (counts[id] === 0) touched[distinct++] = id;
          counts[id] = (counts[id] ?? 0) + 1;
        } else {
          others ??= new Map(extraOthers);
          others.set(term, (others.get(term) ?? 0) + 1);
        }
      }
      for (let position = 0; position < distinct; position += 1) {
        const id = touched[position] ?? 0;
        let list = lists[id];
        if (list === undefined) {
          list = postingOf(vocabulary[id] ?? '');
          lists[id] = list;
        }
        list.documents.push(document);
        list.counts.push(counts[id] ?? 0);
        counts[id] = 0;
      }
      if (others) {
        for (const [term, times] of others) {
          const list = postingOf(term);
          list.documents.push(document);
          list.counts.push(times);
        }
      } else {
        for (let position = 0; position < extraLists.length; position += 1) {
          const list = extraLists[position];
          if (!list) continue;
          list.documents.push(document);
          list.counts.push(extraCounts[position] ?? 0);
        }
      }
      const length = within.to - within.from + within.cut.length + extra.length;
      lengths.push(length);
      totalLength += length;
    }
  };
  return {
    add(text) {
      addTerms(terms(text));
    },
    addTerms,
    addSlices,
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

/**
 * BM25 scores of slices of a text whose words were read once (`tokenSpans`) against each query,
 * to the last bit those of an index holding one document per slice (`addSlices`), but counting
 * only the queries' terms: a page is cut and ranked once for a few sub-questions, so no postings
 * of its other words are made. Scores by query, then by slice, in typed arrays (one kind of array
 * whatever the scores, so the code reading them stays optimised).
 */
export function sliceScores(
  spans: TokenSpans,
  slices: readonly TextSlice[],
  queries: readonly string[],
): Float64Array[] {
  // Arrays made by pushing, not by map(): their kind is the same whether the code making them is
  // optimised or not, so the code reading them is not sent back to the interpreter when it changes.
  const queryTerms: string[][] = [];
  for (const query of queries) queryTerms.push([...new Set(tokenize(query))]);
  const slots = new Map<string, number>();
  for (const terms of queryTerms) for (const term of terms) if (!slots.has(term)) slots.set(term, slots.size);
  const slotOfWord = new Int32Array(spans.vocabulary.length).fill(-1);
  for (const [term, slot] of slots) {
    const id = spans.idOf(term);
    if (id !== undefined) slotOfWord[id] = slot;
  }
  const documents = slices.length;
  // counts[slot · documents + document]: how often a query's term stands in a slice.
  const counts = new Uint32Array(slots.size * documents);
  const lengths = new Uint32Array(documents);
  let totalLength = 0;
  for (let document = 0; document < documents; document += 1) {
    const within = wordsWithin(spans, slices[document] ?? { start: 0, end: 0 });
    for (let position = within.from; position < within.to; position += 1) {
      const slot = slotOfWord[spans.words[position] ?? 0] ?? -1;
      if (slot >= 0) counts[slot * documents + document] = (counts[slot * documents + document] ?? 0) + 1;
    }
    for (const term of within.cut) {
      const slot = slots.get(term);
      if (slot !== undefined)
        counts[slot * documents + document] = (counts[slot * documents + document] ?? 0) + 1;
    }
    lengths[document] = within.to - within.from + within.cut.length;
    totalLength += lengths[document] ?? 0;
  }
  // The arithmetic of `scores`, in its order: query terms first met first, documents in order.
  const averageLength = totalLength / documents || 1;
  const scored: Float64Array[] = [];
  for (const terms of queryTerms) {
    const scores = new Float64Array(documents);
    for (const term of terms) {
      const base = (slots.get(term) ?? 0) * documents;
      let holding = 0;
      for (let document = 0; document < documents; document += 1) if (counts[base + document]) holding += 1;
      if (holding === 0) continue;
      const weight = termWeight(documents, holding);
      for (let document = 0; document < documents; document += 1) {
        const count = counts[base + document] ?? 0;
        if (count === 0) continue;
        const norm = lengthNorm(lengths[document] ?? 0, averageLength);
        scores[document] = (scores[document] ?? 0) + termScore(weight, count, norm);
      }
    }
    scored.push(scores);
  }
  return scored;
}
