import { DeepResearchError } from '../errors.js';

/**
 * - `path_outside_corpus`: a path with `..`, an absolute path, or a symlink that leaves the root.
 * - `file_not_found`: no such file in the corpus (or it is ignored, binary or too large).
 * - `not_a_folder`: the corpus root is missing or not a directory.
 * - `index_mismatch`: the index file belongs to another folder.
 * - `index_unusable`: the index file cannot be made or opened (a folder, a missing folder, another
 *   kind of file, no write access).
 * - `needs_embed_model`: semantic search without an embedding model.
 * - `embedding_mismatch`: the index's vectors come from another embedding model.
 * - `invalid_request`: a bad argument (mode, limit, line range, kind).
 * - `query_too_long`: a search query over the length or distinct-term limit.
 * - `empty_corpus`: research over folders whose index holds no file, with nothing else to search.
 */
export type CorpusErrorCode =
  | 'path_outside_corpus'
  | 'file_not_found'
  | 'not_a_folder'
  | 'index_mismatch'
  | 'index_unusable'
  | 'needs_embed_model'
  | 'embedding_mismatch'
  | 'invalid_request'
  | 'query_too_long'
  | 'empty_corpus';

/** A corpus request that cannot be served; `path` names the file or folder concerned, if any. */
export class CorpusError extends DeepResearchError {
  override readonly code: CorpusErrorCode;
  readonly path: string | undefined;
  constructor(options: { code: CorpusErrorCode; message: string; path?: string; cause?: unknown }) {
    super({ code: options.code, message: options.message, kind: 'user', cause: options.cause });
    this.code = options.code;
    this.path = options.path;
  }
}
