export { type CollectionStats, collectionStats } from './lexical.js';
export { type SearchCorpusRequest, searchChunks } from './search-corpus.js';
