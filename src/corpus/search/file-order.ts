import type { ScoredChunk } from './lexical.js';
import { moduleOf } from './module-copies.js';

/** Passages after a file's best that lend it support (`RankingWeights.fileSupport`). */
const SUPPORTING_PASSAGES = 2;

interface RankedFile {
  fileId: number | undefined;
  best: ScoredChunk;
  score: number;
  passages: number;
  order: number;
}

/**
 * A page of results that names as many files as it can, each file ranked by the evidence it holds:
 * its best passage's score plus `support` times the scores of its next `SUPPORTING_PASSAGES`
 * passages, so a file that answers with several passages rises over one that mentions the question
 * once. Each file's best passage comes first, in file order (ties: the order in which files first
 * appear) and scored as its file, then every other passage in rank order. Copies of one module in
 * several build folders (`copies`, see `loadModuleCopies`) are one file here: the best-ranked
 * copy stands for the module, and the others' passages, the same text again, join the rest
 * without lending it support.
 */
export function orderByFile(options: {
  ranked: readonly ScoredChunk[];
  fileOf: ReadonlyMap<number, number>;
  support: number;
  copies: ReadonlyMap<number, number>;
}): ScoredChunk[] {
  const { ranked, fileOf, support, copies } = options;
  const modules = new Map<number | undefined, RankedFile>();
  const rest: ScoredChunk[] = [];
  for (const entry of ranked) {
    const fileId = fileOf.get(entry.chunkId);
    const module = fileId === undefined ? undefined : moduleOf(copies, fileId);
    const file = modules.get(module);
    if (!file) {
      modules.set(module, { fileId, best: entry, score: entry.score, passages: 1, order: modules.size });
      continue;
    }
    rest.push(entry);
    if (file.fileId === fileId && file.passages <= SUPPORTING_PASSAGES) {
      file.score += support * entry.score;
      file.passages += 1;
    }
  }
  const ordered = [...modules.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  // A file's first passage carries the file's score: the page reads in descending score.
  return [...ordered.map((file) => ({ chunkId: file.best.chunkId, score: file.score })), ...rest];
}
