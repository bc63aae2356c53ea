/**
 * Research over local folders: an incremental SQLite index (postings for BM25F with code-aware
 * priors, tree-sitter symbols, optional embeddings) and the tools the engine and the CLI use over it.
 */
export { MAX_DOCUMENT_FILE_BYTES, MAX_TEXT_FILE_BYTES } from './constants.js';
export { corpusIds } from './corpus-ids.js';
export { CorpusError, type CorpusErrorCode, isCorpusError } from './errors.js';
export { defaultIndexPath } from './index-path.js';
export {
  type Corpus,
  checkCorpusPlace,
  ensureCorpus,
  type OpenCorpusOptions,
  openCorpus,
} from './open-corpus.js';
export type { SearchCorpusRequest } from './search/index.js';
export { tokenize } from './tokenize/index.js';
export type {
  ReadFileRequest,
  ReadMapRequest,
  ResolveSymbolRequest,
  VerifyFileQuoteRequest,
} from './tools/index.js';
export type {
  CallEdge,
  CallResolution,
  CorpusHit,
  FileExcerpt,
  FileKind,
  IndexProgress,
  IndexSummary,
  QuoteVerification,
  RepositoryMap,
  SearchMode,
  SecretFileMode,
  SkippedFile,
  SymbolDefinition,
  SymbolKind,
  SymbolReference,
  SymbolResolution,
  SymbolResolutionByKind,
} from './types.js';
