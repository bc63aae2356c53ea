export { loadRankingContext, type RankingContext } from './ranking-context.js';
export type { RankingWeights } from './ranking-weights.js';
export { type SearchCorpusRequest, searchChunks } from './search-corpus.js';
