import type { RunMemory } from '../../contract/index.js';
import { tokenize } from '../../corpus/index.js';
import { reciprocalRankScore } from '../../search/index.js';
import { MEMORY_MIN_COSINE, MEMORY_MIN_TERM_SHARE } from '../constants.js';
import { createBm25Index } from '../text/bm25-index.js';

/** A past run similar to the question, and how it ranked. */
export interface SimilarRun {
  memory: RunMemory;
  /** Share of the question's distinct terms the run contains (0–1). */
  termShare: number;
  /** Cosine similarity of the two questions' embeddings, when an embedding model was used. */
  cosine?: number;
  score: number;
}

/** What a memory is matched on: its question, its sub-questions and its findings' claims. */
function searchableText(memory: RunMemory): string {
  return [
    memory.question,
    ...memory.subQuestions.map((item) => item.text),
    ...memory.findings.map((finding) => finding.claim),
  ].join('\n');
}

/** Ranks (0 best) of the items in the order `compare` sorts them. */
function ranksBy<T>(items: readonly T[], compare: (a: T, b: T) => number): Map<T, number> {
  return new Map([...items].sort(compare).map((item, rank) => [item, rank]));
}

/**
 * The past runs most similar to `question`, best first, at most `limit`: BM25 over each run's
 * question, sub-questions and claims with the corpus tokenizer (stemmed, stop words dropped),
 * fused by reciprocal rank with the questions' embedding similarity when `cosines` are given. A
 * run is similar only when it holds `MEMORY_MIN_TERM_SHARE` of the question's distinct terms, or
 * its question's embedding is `MEMORY_MIN_COSINE` close: sharing one word is not enough.
 */
export function similarRuns(options: {
  question: string;
  memories: readonly RunMemory[];
  limit: number;
  /** Cosine similarity of each memory's question to this one, by run id. */
  cosines?: ReadonlyMap<string, number>;
}): SimilarRun[] {
  const questionTerms = new Set(tokenize(options.question));
  if (questionTerms.size === 0 || options.memories.length === 0) return [];
  const index = createBm25Index(tokenize);
  const termSets = options.memories.map((memory) => {
    const text = searchableText(memory);
    index.add(text);
    return new Set(tokenize(text));
  });
  const bm25 = index.scores(options.question);
  const similar = options.memories.flatMap((memory, position) => {
    const terms = termSets[position] ?? new Set<string>();
    const shared = [...questionTerms].filter((term) => terms.has(term)).length;
    const termShare = shared / questionTerms.size;
    const cosine = options.cosines?.get(memory.runId);
    const close = cosine !== undefined && cosine >= MEMORY_MIN_COSINE;
    if (termShare < MEMORY_MIN_TERM_SHARE && !close) return [];
    return [{ memory, termShare, cosine, bm25: bm25[position] ?? 0 }];
  });
  const byBm25 = ranksBy(similar, (a, b) => b.bm25 - a.bm25);
  const byCosine = ranksBy(similar, (a, b) => (b.cosine ?? -1) - (a.cosine ?? -1));
  return similar
    .map((candidate) => {
      const { bm25: _bm25, ...run } = candidate;
      const score =
        reciprocalRankScore(byBm25.get(candidate) ?? 0) +
        (options.cosines ? reciprocalRankScore(byCosine.get(candidate) ?? 0) : 0);
      return { ...run, score };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, options.limit);
}

/** Cosine similarity of two vectors (0 when either is empty or zero). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
