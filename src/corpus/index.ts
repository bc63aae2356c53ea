/**
 * Research over local folders: an incremental SQLite index (postings for BM25F with code-aware
 * priors, tree-sitter symbols, optional embeddings) and the tools the engine and the CLI use over it.
 */
export { MAX_DOCUMENT_FILE_BYTES, MAX_TEXT_FILE_BYTES } from './constants.js';
export { corpusIds } from './corpus-ids.js';
export { CorpusError } from './errors.js';

export {
  type Corpus,
  checkCorpusPlace,
  ensureCorpus,
  openCorpus,
} from './open-corpus.js';

export { tokenize } from './tokenize/index.js';

export type {
  CorpusHit,
  FileExcerpt,
  IndexProgress,
  IndexSummary,
  RepositoryMap,
  SearchMode,
  SecretFileMode,
  SkippedFile,
  SymbolDefinition,
  SymbolResolution,
} from './types.js';
