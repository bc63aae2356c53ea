import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeError } from '../errors.js';
import type { Embedder, Environment } from '../llm/index.js';
import { type IndexDatabase, openIndexDatabase, readMeta, writeMeta } from './database/index.js';
import { prepareIndexFile } from './database/index-file.js';
import { CorpusError } from './errors.js';
import { defaultIndexPath } from './index-path.js';
import { updateIndex } from './indexer/index.js';
import {
  loadRankingContext,
  type RankingContext,
  type SearchCorpusRequest,
  searchChunks,
} from './search/index.js';
import {
  type ReadFileRequest,
  type ReadMapRequest,
  type ResolveSymbolRequest,
  readCorpusFile,
  readRepositoryMap,
  resolveCorpusSymbol,
  type VerifyFileQuoteRequest,
  verifyCorpusQuote,
} from './tools/index.js';
import type {
  CorpusHit,
  FileExcerpt,
  IndexProgress,
  IndexSummary,
  QuoteVerification,
  RepositoryMap,
  SecretFileMode,
  SymbolResolutionByKind,
} from './types.js';

/** Settings of `openCorpus`. */
export interface OpenCorpusOptions {
  /** The folder: a document collection or a code repository. */
  root: string;
  /** Index file (default: in the user data directory, keyed by the folder's absolute path). */
  indexPath?: string;
  /** `provider:model` for embeddings; default: the model the index was built with, if any. */
  embedModel?: string;
  /** Base URL of the embedding server (openai-compatible, ollama, openai proxies). */
  embedBaseURL?: string;
  /** An embedder to use instead of resolving `embedModel` (tests, custom models). */
  embedder?: Embedder;
  /** Where keys and base URLs are read (default `process.env`). */
  env?: Environment;
  fetch?: typeof fetch;
  /** Largest code or text file indexed, in bytes. */
  maxTextBytes?: number;
  /** Largest HTML or PDF indexed, in bytes. */
  maxDocumentBytes?: number;
  /**
   * Secret files (`.env`, keys, credentials): `skip` or `index`. Remembered in the index, so the
   * folder's owner opts in once; default: what the index remembers, else `skip`.
   */
  secretFiles?: SecretFileMode;
}

/** An indexed folder and the tools over it. Every path is relative to `root`. */
export interface Corpus {
  /** The folder's real absolute path. */
  root: string;
  indexPath: string;
  /** The embedding model of this corpus, if any. */
  embedModel: string | undefined;
  /**
   * Brings the index up to date: new and changed files read, deleted ones dropped. Calls made while
   * an update runs share it. Aborting keeps what was read so far.
   */
  update(options?: {
    onProgress?: (progress: IndexProgress) => void;
    signal?: AbortSignal;
  }): Promise<IndexSummary>;
  /** Ranked passages for a query; see `SearchCorpusRequest`. */
  searchCorpus(request: SearchCorpusRequest): Promise<CorpusHit[]>;
  /** Lines of a file; paths leaving the root throw `CorpusError` `path_outside_corpus`. */
  readFile(request: ReadFileRequest): Promise<FileExcerpt>;
  /** Definitions, references, callers or callees of a symbol. */
  resolveSymbol<Kind extends ResolveSymbolRequest['kind']>(
    request: ResolveSymbolRequest & { kind: Kind },
  ): SymbolResolutionByKind[Kind];
  /** The most referenced files and their main symbols, within a token budget. */
  readMap(request?: ReadMapRequest): RepositoryMap;
  /** Whether a quote is in the cited lines of the file as indexed with that content hash. */
  verifyFileQuote(request: VerifyFileQuoteRequest): QuoteVerification;
  close(): void;
}

async function realFolder(folder: string): Promise<string> {
  try {
    const real = await realpath(resolve(folder));
    if ((await stat(real)).isDirectory()) return real;
  } catch (error) {
    throw new CorpusError({
      code: 'not_a_folder',
      path: folder,
      cause: error,
      message: `No folder at ${folder}; give an existing directory.`,
    });
  }
  throw new CorpusError({
    code: 'not_a_folder',
    path: folder,
    message: `${folder} is a file, not a folder; give a directory.`,
  });
}

function openFor(root: string, indexPath: string): IndexDatabase {
  const index = openIndexDatabase(indexPath);
  const recorded = readMeta(index.db, 'root');
  if (recorded && recorded !== root) {
    index.db.close();
    throw new CorpusError({
      code: 'index_mismatch',
      path: indexPath,
      message: `The index ${indexPath} belongs to ${recorded}, not ${root}; name another --index file.`,
    });
  }
  writeMeta(index.db, 'root', root);
  return index;
}

/**
 * Checks a folder and the place of its index before any work: the folder exists, and the index file
 * can be made or opened (see `prepareIndexFile`; the default place's folders are made). Resolves
 * with the folder's real path and the index path; throws `CorpusError` `not_a_folder` or
 * `index_unusable`.
 */
export async function checkCorpusPlace(
  options: Pick<OpenCorpusOptions, 'root' | 'indexPath' | 'env'>,
): Promise<{ root: string; indexPath: string }> {
  const root = await realFolder(options.root);
  const named = Boolean(options.indexPath);
  const indexPath = options.indexPath
    ? resolve(options.indexPath)
    : defaultIndexPath(root, options.env ?? process.env);
  await prepareIndexFile(indexPath, { named });
  return { root, indexPath };
}

/**
 * Opens (creating when needed) the index of a folder without reading any file; call `update()` to
 * index, or use `ensureCorpus`. Throws `CorpusError` `not_a_folder`, `index_unusable` or
 * `index_mismatch`.
 */
export async function openCorpus(options: OpenCorpusOptions): Promise<Corpus> {
  const env = options.env ?? process.env;
  const { root, indexPath } = await checkCorpusPlace({ ...options, env });
  const index = openFor(root, indexPath);
  const { db } = index;
  if (options.secretFiles) writeMeta(db, 'secret_files', options.secretFiles);
  const indexSecrets = readMeta(db, 'secret_files') === 'index';
  let ranking: RankingContext | undefined;
  let embedder = options.embedder;
  const embedModel = embedder?.id ?? options.embedModel ?? readMeta(db, 'embed_model');
  // The server address is remembered with the model, so later searches need neither flag.
  const embedBaseURL =
    options.embedBaseURL ?? (options.embedModel ? undefined : readMeta(db, 'embed_base_url'));
  // Resolved on first use, so a corpus without vectors never needs an embedding key, nor loads the
  // model layer (the AI SDK and its telemetry: some hundred modules) for `index` and `search`.
  const currentEmbedder = async (): Promise<Embedder | undefined> => {
    if (!embedder && embedModel) {
      const { createEmbedder } = await import('../llm/index.js');
      embedder ??= createEmbedder(embedModel, {
        env,
        baseURL: embedBaseURL,
        fetch: options.fetch,
      });
    }
    return embedder;
  };
  let running: Promise<IndexSummary> | undefined;
  const runUpdate = async (updateOptions: {
    onProgress?: (progress: IndexProgress) => void;
    signal?: AbortSignal;
  }): Promise<IndexSummary> => {
    // A model asked for must work; the one the index merely remembers must not block text search.
    const explicit = options.embedder !== undefined || options.embedModel !== undefined;
    let indexEmbedder: Embedder | undefined;
    const warnings: string[] = [];
    try {
      indexEmbedder = await currentEmbedder();
    } catch (error) {
      if (explicit) throw error;
      warnings.push(`Vectors of new passages were not computed: ${describeError(error).message}`);
    }
    const summary = await updateIndex({
      root,
      db,
      indexPath,
      embedder: indexEmbedder,
      onEmbeddingError: explicit ? 'throw' : 'warn',
      maxTextBytes: options.maxTextBytes,
      maxDocumentBytes: options.maxDocumentBytes,
      indexSecrets,
      ...updateOptions,
    });
    ranking = undefined;
    if (summary.embedded > 0 || options.embedModel) writeMeta(db, 'embed_base_url', embedBaseURL);
    return { ...summary, warnings: [...warnings, ...summary.warnings] };
  };
  return {
    root,
    indexPath,
    embedModel,
    update(updateOptions = {}) {
      // One update at a time: a second caller (a re-index request during a search's) shares the first's.
      running ??= runUpdate(updateOptions).finally(() => {
        running = undefined;
      });
      return running;
    },
    searchCorpus: async (request) =>
      searchChunks({
        index,
        context: () => (ranking ??= loadRankingContext(db)),
        embedder: await currentEmbedder(),
        request,
      }),
    readFile: (request) => readCorpusFile({ root, db, request, indexSecrets }),
    resolveSymbol: <Kind extends ResolveSymbolRequest['kind']>(
      request: ResolveSymbolRequest & { kind: Kind },
    ) => resolveCorpusSymbol(db, request) as SymbolResolutionByKind[Kind],
    readMap: (request) => readRepositoryMap(db, request),
    verifyFileQuote: (request) => verifyCorpusQuote(db, request),
    close: () => db.close(),
  };
}

/** Opens a folder's corpus and brings its index up to date; resolves with both. */
export async function ensureCorpus(
  options: OpenCorpusOptions & { onProgress?: (progress: IndexProgress) => void; signal?: AbortSignal },
): Promise<{ corpus: Corpus; summary: IndexSummary }> {
  const corpus = await openCorpus(options);
  try {
    const summary = await corpus.update({ onProgress: options.onProgress, signal: options.signal });
    return { corpus, summary };
  } catch (error) {
    corpus.close();
    throw error;
  }
}
