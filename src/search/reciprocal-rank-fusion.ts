import { canonicalUrl } from '../shared/index.js';
import { RECIPROCAL_RANK_FUSION_K } from './constants.js';
import type { SearchResult } from './types.js';

/** Options of `reciprocalRankFusion`. */
export interface ReciprocalRankFusionOptions {
  /** Damping constant; larger values flatten the advantage of top ranks. Default 60. */
  k?: number;
}

interface Fused {
  result: SearchResult;
  score: number;
  firstSeen: number;
}

/** What one list adds for the result at `index` (0-based): 1 / (k + rank), rank counted from 1. */
export function reciprocalRankScore(index: number, k = RECIPROCAL_RANK_FUSION_K): number {
  return 1 / (k + index + 1);
}

/**
 * Merges ranked lists into one: each result scores the sum over lists of 1 / (k + rank), rank
 * counted from 1, and lists are deduplicated by `canonicalUrl`. The kept entry is the first seen
 * (earlier list, then better rank); a missing snippet or date is filled from later duplicates, and
 * `providers` lists every provider that returned it.
 * Ties keep first-seen order.
 */
export function reciprocalRankFusion(
  lists: readonly (readonly SearchResult[])[],
  options: ReciprocalRankFusionOptions = {},
): SearchResult[] {
  const k = options.k ?? RECIPROCAL_RANK_FUSION_K;
  const byUrl = new Map<string, Fused>();
  let order = 0;
  for (const list of lists) {
    const seenInList = new Set<string>();
    list.forEach((result, index) => {
      const key = canonicalUrl(result.url);
      // A list that repeats a URL counts only its best rank.
      if (seenInList.has(key)) return;
      seenInList.add(key);
      const score = reciprocalRankScore(index, k);
      const existing = byUrl.get(key);
      if (!existing) {
        byUrl.set(key, { result: { ...result, providers: [result.provider] }, score, firstSeen: order++ });
        return;
      }
      existing.score += score;
      // Agreement between providers is an authority signal the engine's reranking uses.
      const providers = existing.result.providers ?? [];
      if (!providers.includes(result.provider)) providers.push(result.provider);
      if (!existing.result.snippet && result.snippet) existing.result.snippet = result.snippet;
      if (!existing.result.publishedAt && result.publishedAt)
        existing.result.publishedAt = result.publishedAt;
    });
  }
  return [...byUrl.values()]
    .sort((a, b) => b.score - a.score || a.firstSeen - b.firstSeen)
    .map((entry) => entry.result);
}
