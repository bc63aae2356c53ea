import type { ScoredChunk } from './lexical.js';

/** Passages after a file's best that lend it support (`RankingWeights.fileSupport`). */
const SUPPORTING_PASSAGES = 2;

interface RankedFile {
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
 * appear) and scored as its file, then every other passage in rank order.
 */
export function orderByFile(options: {
  ranked: readonly ScoredChunk[];
  fileOf: ReadonlyMap<number, number>;
  support: number;
}): ScoredChunk[] {
  const { ranked, fileOf, support } = options;
  const files = new Map<number | undefined, RankedFile>();
  const rest: ScoredChunk[] = [];
  for (const entry of ranked) {
    const fileId = fileOf.get(entry.chunkId);
    const file = files.get(fileId);
    if (!file) {
      files.set(fileId, { best: entry, score: entry.score, passages: 1, order: files.size });
      continue;
    }
    rest.push(entry);
    if (file.passages <= SUPPORTING_PASSAGES) {
      file.score += support * entry.score;
      file.passages += 1;
    }
  }
  const ordered = [...files.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  // A file's first passage carries the file's score: the page reads in descending score.
  return [...ordered.map((file) => ({ chunkId: file.best.chunkId, score: file.score })), ...rest];
}
