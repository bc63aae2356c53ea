import { tokenize as stemmedTerms } from '../../corpus/index.js';
import { CLUSTER_LABEL_TERMS, CLUSTER_SIMILARITY, MAX_CANDIDATE_CLUSTERS } from '../constants.js';
import { tokenize as surfaceWords } from '../text/text-rank.js';

/** Candidates on one topic, with a short label made of its most telling words. */
export interface CandidateCluster<T> {
  label: string;
  /** In the order given (best first). */
  members: T[];
}

type Vector = Map<string, number>;

/** A text's stemmed term counts, and the word each term was first written as in it. */
interface TextTerms {
  counts: Vector;
  firstWords: Map<string, string>;
}

/**
 * Term counts per text. The same candidates are grouped at every step (their title and snippet do
 * not change), so each text's words are stemmed once; bounded, and emptied when full.
 */
const readTexts = new Map<string, TextTerms>();
const READ_TEXTS_LIMIT = 5_000;

function readTerms(text: string): TextTerms {
  const known = readTexts.get(text);
  if (known) return known;
  const counts: Vector = new Map();
  const firstWords = new Map<string, string>();
  for (const word of surfaceWords(text)) {
    // The corpus tokenizer drops stop words and stems the rest: "heights" and "height" meet.
    for (const term of stemmedTerms(word)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      if (!firstWords.has(term)) firstWords.set(term, word);
    }
  }
  if (readTexts.size >= READ_TEXTS_LIMIT) readTexts.clear();
  const terms = { counts, firstWords };
  readTexts.set(text, terms);
  return terms;
}

/** Term counts of a text, and the first word each stem was written as (kept in `surface`). */
function termsOf(text: string, surface: Map<string, string>): Vector {
  const { counts, firstWords } = readTerms(text);
  for (const [term, word] of firstWords) if (!surface.has(term)) surface.set(term, word);
  return counts;
}

function norm(vector: Vector): number {
  let sum = 0;
  for (const value of vector.values()) sum += value * value;
  return Math.sqrt(sum);
}

/** Cosine of two vectors whose norms are known. */
function cosine(a: Vector, aNorm: number, b: Vector, bNorm: number): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  const denominator = aNorm * bNorm;
  return denominator === 0 ? 0 : dot / denominator;
}

function addInto(target: Vector, vector: Vector): void {
  for (const [term, weight] of vector) target.set(term, (target.get(term) ?? 0) + weight);
}

/** Idf of every term: ln(items / items holding it); 0 for a term every item holds. */
function inverseFrequencies(vectors: readonly Vector[]): Vector {
  const frequency: Vector = new Map();
  for (const vector of vectors)
    for (const term of vector.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const idf: Vector = new Map();
  for (const [term, count] of frequency) idf.set(term, Math.log(vectors.length / count));
  return idf;
}

/**
 * Up to `CLUSTER_LABEL_TERMS` words naming a cluster: the terms most of its members hold, the more
 * specific (higher idf) first; a term every candidate holds names nothing.
 */
function labelOf(members: readonly Vector[], idf: Vector, surface: Map<string, string>): string {
  const holders: Vector = new Map();
  for (const vector of members)
    for (const term of vector.keys()) holders.set(term, (holders.get(term) ?? 0) + 1);
  const terms = [...holders.keys()]
    .filter((term) => (idf.get(term) ?? 0) > 0)
    .sort(
      (a, b) =>
        (holders.get(b) ?? 0) - (holders.get(a) ?? 0) ||
        (idf.get(b) ?? 0) - (idf.get(a) ?? 0) ||
        a.localeCompare(b),
    );
  return (
    terms
      .slice(0, CLUSTER_LABEL_TERMS)
      .map((term) => surface.get(term) ?? term)
      .join(' ') || 'general'
  );
}

/**
 * Groups candidates by topic, mechanically: each title and snippet becomes a vector of its
 * stemmed terms weighted by idf, keeping only terms two or more candidates (but not all) share,
 * the ones that can tell topics apart; in the order given, a candidate joins the cluster whose
 * centroid it is most similar to (cosine at least `CLUSTER_SIMILARITY`), else starts one. Past
 * `MAX_CANDIDATE_CLUSTERS` the smallest clusters join one labelled "other topics". Each cluster
 * is labelled by `labelOf`. Clusters come in the order of their best member.
 */
export function clusterCandidates<T>(
  items: readonly T[],
  textOf: (item: T) => string,
): CandidateCluster<T>[] {
  if (items.length === 0) return [];
  const surface = new Map<string, string>();
  const counts = items.map((item) => termsOf(textOf(item), surface));
  const idf = inverseFrequencies(counts);
  const lonely = Math.log(items.length);
  const vectors = counts.map((vector) => {
    const weighted: Vector = new Map();
    for (const term of vector.keys()) {
      const weight = idf.get(term) ?? 0;
      if (weight > 0 && weight < lonely) weighted.set(term, weight);
    }
    return weighted;
  });
  // A centroid's norm is kept with it and made again only when a member joins.
  const clusters: { centroid: Vector; norm: number; members: number[] }[] = [];
  // Clusters by the terms of their centroids: a cluster sharing no term with a candidate has a
  // cosine of 0 with it, below CLUSTER_SIMILARITY (> 0), so only those sharing one are compared
  // (in the order they were made, as a scan of all would meet them), not every cluster so far.
  const holding = new Map<string, number[]>();
  const hold = (terms: Iterable<string>, cluster: number) => {
    for (const term of terms) {
      const holders = holding.get(term);
      if (holders) holders.push(cluster);
      else holding.set(term, [cluster]);
    }
  };
  vectors.forEach((vector, index) => {
    const vectorNorm = norm(vector);
    const sharing = new Set<number>();
    for (const term of vector.keys()) for (const cluster of holding.get(term) ?? []) sharing.add(cluster);
    let best: number | undefined;
    let bestSimilarity = CLUSTER_SIMILARITY;
    const compared = CLUSTER_SIMILARITY > 0 ? [...sharing].sort((a, b) => a - b) : clusters.keys();
    for (const position of compared) {
      const cluster = clusters[position] as (typeof clusters)[number];
      const similarity = cosine(vector, vectorNorm, cluster.centroid, cluster.norm);
      if (similarity >= bestSimilarity) {
        best = position;
        bestSimilarity = similarity;
      }
    }
    const joined = best === undefined ? undefined : clusters[best];
    if (best !== undefined && joined) {
      joined.members.push(index);
      hold(
        [...vector.keys()].filter((term) => !joined.centroid.has(term)),
        best,
      );
      addInto(joined.centroid, vector);
      joined.norm = norm(joined.centroid);
    } else {
      hold(vector.keys(), clusters.length);
      clusters.push({ centroid: new Map(vector), norm: vectorNorm, members: [index] });
    }
  });
  const keep = clusters.length > MAX_CANDIDATE_CLUSTERS ? MAX_CANDIDATE_CLUSTERS - 1 : MAX_CANDIDATE_CLUSTERS;
  const kept = new Set(
    [...clusters]
      .sort((a, b) => b.members.length - a.members.length || (a.members[0] ?? 0) - (b.members[0] ?? 0))
      .slice(0, keep),
  );
  const groups = clusters.filter((cluster) => kept.has(cluster)).map((cluster) => cluster.members);
  const rest = clusters.filter((cluster) => !kept.has(cluster)).flatMap((cluster) => cluster.members);
  const labelled = groups.map((members) => ({
    label: labelOf(
      members.map((index) => counts[index] ?? new Map()),
      idf,
      surface,
    ),
    members,
  }));
  if (rest.length > 0) labelled.push({ label: 'other topics', members: rest.sort((a, b) => a - b) });
  return labelled.map((cluster) => ({
    label: cluster.label,
    members: cluster.members.map((index) => items[index] as T),
  }));
}

/**
 * Up to `count` items taken across the clusters in turn: the best of each cluster, then the
 * second best of each, and so on, so a read covers several topics before the second page of one.
 */
export function pickAcrossClusters<T>(clusters: readonly CandidateCluster<T>[], count: number): T[] {
  const picked: T[] = [];
  for (let round = 0; picked.length < count; round += 1) {
    const layer = clusters.flatMap((cluster) =>
      round < cluster.members.length ? [cluster.members[round] as T] : [],
    );
    if (layer.length === 0) break;
    picked.push(...layer.slice(0, count - picked.length));
  }
  return picked;
}
