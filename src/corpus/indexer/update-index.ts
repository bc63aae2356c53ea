import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describeError } from '../../errors.js';
import type { Embedder } from '../../llm/index.js';
import {
  CENTRALITY_REFRESH_SHARE,
  INDEX_COMMIT_FILES,
  INDEX_COMMIT_MS,
  INDEX_FORMAT_VERSION,
  INDEX_SLICE_MS,
  MAX_DOCUMENT_FILE_BYTES,
  MAX_TEXT_FILE_BYTES,
  READ_AHEAD_FILES,
} from '../constants.js';
import {
  type BuildDatabase,
  IndexWriter,
  indexedFile,
  indexedFiles,
  isEmptyIndex,
  type PreparedFile,
  readMeta,
  type SqliteDatabase,
  startBuild,
  writeMeta,
} from '../database/index.js';
import { storeCentrality } from '../graph/index.js';
import { sharedSymbolsPool } from '../symbols/symbols-pool.js';
import type { IndexProgress, IndexSummary, SkippedFile } from '../types.js';
import { type WalkedFile, walkFiles } from '../walk/index.js';
import { decideFile } from './decide-file.js';
import { embedChunks } from './embed-chunks.js';
import { parseAhead } from './parse-ahead.js';
import { prepareFile } from './prepare-file.js';
import { readAhead } from './read-ahead.js';
import { markSecretsChecked, secretsNeedRecheck } from './secret-check-state.js';

/**
 * Computes the files' centrality again once the files changed since it was last computed reach
 * `CENTRALITY_REFRESH_SHARE` of the index (or it never was): one edited file barely moves a
 * PageRank that costs a few hundred milliseconds on a few thousand files. A new file has the
 * average centrality, 1, until then.
 */
function refreshCentrality(db: SqliteDatabase, changed: number): void {
  if (changed === 0) return;
  const stale = Number(readMeta(db, 'centrality_stale') ?? Number.POSITIVE_INFINITY) + changed;
  const files = db.prepare('SELECT count(*) FROM files').pluck().get() as number;
  if (stale >= Math.max(1, files * CENTRALITY_REFRESH_SHARE)) {
    storeCentrality(db);
    writeMeta(db, 'centrality_stale', '0');
  } else writeMeta(db, 'centrality_stale', String(stale));
}

/** Settings of one index update. */
export interface UpdateIndexOptions {
  /** The corpus root: a real, absolute path. */
  root: string;
  db: SqliteDatabase;
  indexPath: string;
  /** Embeds new chunks when given. */
  embedder?: Embedder;
  /**
   * What a failing embedder does: `throw` (the model was asked for) or `warn` (the model is only the
   * one the index was built with; text search must still work without its key or server).
   */
  onEmbeddingError?: 'throw' | 'warn';
  maxTextBytes?: number;
  maxDocumentBytes?: number;
  /** Index well-known secret files (`.env`, keys, credentials) too; default false: skipped. */
  indexSecrets?: boolean;
  onProgress?: (progress: IndexProgress) => void;
  signal?: AbortSignal;
}

/** What `readChanges` was given: the files walked and what the index knew of them. */
interface ReadChangesOptions extends UpdateIndexOptions {
  walked: WalkedFile[];
  known: Map<string, { size: number; mtimeMs: number; hash: string }>;
  limits: { text: number; document: number };
  indexSecrets: boolean;
  /** The new index being built in `db`, when there is one. */
  build: BuildDatabase | undefined;
}

/**
 * Reads, prepares and writes the new and changed files of `walked` into `db`, drops the gone ones
 * and refreshes centrality. Aborted, it keeps what was read (a build is published) and throws.
 */
async function readChanges(options: ReadChangesOptions) {
  const { db, walked, known, build } = options;
  const recheckSecrets = secretsNeedRecheck(db, options.indexSecrets);
  const seen = new Set<string>();
  const skippedFiles: SkippedFile[] = [];
  const warnings: string[] = [];
  const writer = new IndexWriter(db, { deferPostings: build !== undefined });
  let pending: PreparedFile[] = [];
  let touched: WalkedFile[] = [];
  let changed = 0;
  let slice = performance.now();
  let committed = performance.now();
  const commit = () => {
    writer.commit(() => {
      for (const file of touched) writer.touch(file.path, file.mtimeMs);
      for (const file of pending) writer.write(file);
    });
    pending = [];
    touched = [];
    committed = performance.now();
  };
  // Everything read so far written and made whole: postings written, a build's indexes added.
  const complete = () => {
    commit();
    writer.flushPostings();
    build?.addIndexes();
  };
  const symbolsPool = sharedSymbolsPool();
  const decisions = readAhead(
    walked,
    async (file) => {
      const decision = await decideFile({
        root: options.root,
        walked: file,
        known: known.get(file.path),
        limits: options.limits,
        indexSecrets: options.indexSecrets,
        recheckSecrets,
      });
      return parseAhead(decision, symbolsPool);
    },
    READ_AHEAD_FILES,
  );
  let index = 0;
  for await (const decision of decisions) {
    const file = walked[index++] as WalkedFile;
    if (options.signal?.aborted) {
      // What was read so far is kept: the next update starts from there.
      complete();
      await build?.publish();
      options.signal.throwIfAborted();
    }
    if ('skip' in decision)
      skippedFiles.push({ path: file.path, reason: decision.skip, message: decision.message });
    else seen.add(file.path);
    if ('touched' in decision) touched.push(file);
    if ('file' in decision) {
      try {
        pending.push(await prepareFile(decision.file, decision.symbols));
        changed++;
      } catch (error) {
        // A document the reader cannot parse (a broken PDF) is reported as unreadable, not fatal.
        seen.delete(file.path);
        skippedFiles.push({ path: file.path, reason: 'unreadable', message: describeError(error).message });
      }
    }
    if (performance.now() - slice > INDEX_SLICE_MS) {
      // Commits are fewer than turns of the event loop: each rewrites the postings blocks it touched.
      if (pending.length >= INDEX_COMMIT_FILES || performance.now() - committed > INDEX_COMMIT_MS) commit();
      options.onProgress?.({ phase: 'read', done: index, total: walked.length, path: file.path });
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  commit();
  const gone = [...known.keys()].filter((path) => !seen.has(path));
  writer.commit(() => {
    for (const path of gone) writer.delete(path);
    markSecretsChecked(db, options.indexSecrets);
  });
  complete();
  refreshCentrality(db, changed + gone.length);
  const rebuiltFrom = readMeta(db, 'rebuilt_from');
  if (rebuiltFrom) {
    warnings.push(
      `The index was written by another version of deepresearch (index format ${rebuiltFrom}, this one reads ${INDEX_FORMAT_VERSION}), so every file was read again.`,
    );
    writeMeta(db, 'rebuilt_from', undefined);
  }
  options.onProgress?.({ phase: 'read', done: walked.length, total: walked.length });
  return { changed, gone, skippedFiles, warnings };
}

/**
 * Brings an index up to date with its folder: new and changed files (by size and modification
 * time, then content hash) are read, chunked and tokenised again, deleted ones dropped, and chunks
 * without a vector embedded when an embedder is given. Work is cut into slices of about
 * `INDEX_SLICE_MS` with a yield to the event loop between them, so a server stays responsive.
 */
export async function updateIndex(options: UpdateIndexOptions): Promise<IndexSummary> {
  const started = performance.now();
  const { db } = options;
  const limits = {
    text: options.maxTextBytes ?? MAX_TEXT_FILE_BYTES,
    document: options.maxDocumentBytes ?? MAX_DOCUMENT_FILE_BYTES,
  };
  const known = indexedFiles(db);
  const indexSecrets = options.indexSecrets ?? false;
  const walked: WalkedFile[] = [];
  const warnings: string[] = [];
  for await (const file of walkFiles(options.root, { onWarning: (message) => warnings.push(message) })) {
    walked.push(file);
    if (walked.length % 500 === 0) options.onProgress?.({ phase: 'scan', done: walked.length, total: 0 });
  }
  // A new index (or one emptied for a format change) is built beside the live one and copied into
  // it whole: readers never see half an index, and a crash leaves the live one as it was.
  const build = isEmptyIndex(db) ? await startBuild(db, options.indexPath) : undefined;
  let read: Awaited<ReturnType<typeof readChanges>>;
  try {
    read = await readChanges({ ...options, db: build?.db ?? db, walked, known, limits, indexSecrets, build });
    if (build) await build.publish();
  } finally {
    await build?.discard();
  }
  const { changed, gone, skippedFiles } = read;
  // One by one: a tree of 150,000 unreadable files warns more times than a spread can hold.
  for (const warning of read.warnings) warnings.push(warning);
  let embedded = 0;
  if (options.embedder) {
    try {
      embedded = await embedChunks({
        db,
        embedder: options.embedder,
        onProgress: options.onProgress,
        signal: options.signal,
      });
    } catch (error) {
      if (options.onEmbeddingError !== 'warn' || options.signal?.aborted) throw error;
      warnings.push(`Vectors of new passages were not computed: ${describeError(error).message}`);
    }
  }
  writeMeta(db, 'updated_at', new Date().toISOString());
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  return {
    root: options.root,
    indexPath: options.indexPath,
    files: count('files'),
    changed,
    removed: gone.length,
    skipped: skippedFiles.length,
    skippedFiles,
    chunks: count('chunks'),
    symbols: count('definitions'),
    embedded,
    seconds: (performance.now() - started) / 1000,
    warnings,
  };
}

/**
 * Re-reads one indexed file when it changed on disk since (or drops it when it is gone or no
 * longer indexable), so a read serves the file as it is and the index agrees with it. A file the
 * index does not know is left alone: only a full update, which applies `.gitignore`, adds files.
 */
export async function refreshFile(options: {
  root: string;
  db: SqliteDatabase;
  path: string;
  maxTextBytes?: number;
  maxDocumentBytes?: number;
  indexSecrets?: boolean;
}): Promise<void> {
  const { db, path } = options;
  const known = indexedFile(db, path);
  if (!known) return;
  const absolute = join(options.root, path);
  const info = await stat(absolute).catch(() => undefined);
  const writer = new IndexWriter(db);
  if (!info?.isFile()) {
    writer.commit(() => writer.delete(path));
    return;
  }
  const decision = await decideFile({
    root: options.root,
    walked: { path, absolute, size: info.size, mtimeMs: info.mtimeMs },
    known,
    limits: {
      text: options.maxTextBytes ?? MAX_TEXT_FILE_BYTES,
      document: options.maxDocumentBytes ?? MAX_DOCUMENT_FILE_BYTES,
    },
    indexSecrets: options.indexSecrets ?? false,
    recheckSecrets: secretsNeedRecheck(db, options.indexSecrets ?? false),
  });
  if ('skip' in decision) writer.commit(() => writer.delete(path));
  if ('touched' in decision) writer.touch(path, info.mtimeMs);
  if ('file' in decision) {
    const prepared = await prepareFile(decision.file);
    writer.commit(() => writer.write(prepared));
  }
}
