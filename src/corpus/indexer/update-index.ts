import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describeError } from '../../errors.js';
import type { Embedder } from '../../llm/index.js';
import { INDEX_SLICE_MS, MAX_DOCUMENT_FILE_BYTES, MAX_TEXT_FILE_BYTES } from '../constants.js';
import { type SqliteDatabase, writeMeta } from '../database/open-database.js';
import {
  deleteFile,
  indexedFile,
  indexedFiles,
  type PreparedFile,
  touchFile,
  writeFile,
} from '../database/write-file.js';
import type { IndexProgress, IndexSummary, SkippedFile } from '../types.js';
import { type WalkedFile, walkFiles } from '../walk/index.js';
import { decideFile } from './decide-file.js';
import { embedChunks } from './embed-chunks.js';
import { prepareFile } from './prepare-file.js';
import { markSecretsChecked, secretsNeedRecheck } from './secret-check-state.js';

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
  const recheckSecrets = secretsNeedRecheck(db, indexSecrets);
  const walked: WalkedFile[] = [];
  const warnings: string[] = [];
  for await (const file of walkFiles(options.root, { onWarning: (message) => warnings.push(message) })) {
    walked.push(file);
    if (walked.length % 500 === 0) options.onProgress?.({ phase: 'scan', done: walked.length, total: 0 });
  }
  const seen = new Set<string>();
  const skippedFiles: SkippedFile[] = [];
  let pending: PreparedFile[] = [];
  let changed = 0;
  let slice = performance.now();
  const flush = db.transaction((files: PreparedFile[]) => {
    for (const file of files) writeFile(db, file);
  });
  for (const [index, file] of walked.entries()) {
    if (options.signal?.aborted) {
      // What was read so far is kept: the next update starts from there.
      flush(pending);
      options.signal.throwIfAborted();
    }
    const decision = await decideFile({
      root: options.root,
      walked: file,
      known: known.get(file.path),
      limits,
      indexSecrets,
      recheckSecrets,
    });
    if ('skip' in decision)
      skippedFiles.push({ path: file.path, reason: decision.skip, message: decision.message });
    else seen.add(file.path);
    if ('touched' in decision) touchFile(db, file.path, file.mtimeMs);
    if ('file' in decision) {
      try {
        pending.push(await prepareFile(decision.file));
        changed++;
      } catch (error) {
        // A document the reader cannot parse (a broken PDF) is reported as unreadable, not fatal.
        seen.delete(file.path);
        skippedFiles.push({ path: file.path, reason: 'unreadable', message: describeError(error).message });
      }
    }
    if (performance.now() - slice > INDEX_SLICE_MS) {
      flush(pending);
      pending = [];
      options.onProgress?.({ phase: 'read', done: index + 1, total: walked.length, path: file.path });
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  flush(pending);
  const gone = [...known.keys()].filter((path) => !seen.has(path));
  db.transaction(() => {
    for (const path of gone) deleteFile(db, path);
    markSecretsChecked(db, indexSecrets);
  })();
  options.onProgress?.({ phase: 'read', done: walked.length, total: walked.length });
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
  if (!info?.isFile()) {
    deleteFile(db, path);
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
  if ('skip' in decision) deleteFile(db, path);
  if ('touched' in decision) touchFile(db, path, info.mtimeMs);
  if ('file' in decision) {
    const prepared = await prepareFile(decision.file);
    db.transaction(() => writeFile(db, prepared))();
  }
}
