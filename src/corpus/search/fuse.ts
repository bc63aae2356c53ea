import { RRF_K } from '../constants.js';
import type { ScoredChunk } from './lexical.js';

/** Reciprocal rank fusion of ranked chunk lists: each scores Σ 1 / (k + rank), rank from 1. */
export function fuseByRank(lists: readonly (readonly ScoredChunk[])[], k = RRF_K): ScoredChunk[] {
  const fused = new Map<number, number>();
  for (const list of lists) {
    list.forEach((entry, index) => {
      fused.set(entry.chunkId, (fused.get(entry.chunkId) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...fused]
    .map(([chunkId, score]) => ({ chunkId, score }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
}
