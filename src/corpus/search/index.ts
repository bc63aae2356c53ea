export { type CollectionStats, collectionStats } from './lexical.js';
export { needsEmbedModel, type SearchCorpusRequest, searchChunks } from './search-corpus.js';
