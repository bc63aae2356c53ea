import { availableParallelism } from 'node:os';
import { createWorkerPool, holdUntilExit, WorkerPoolError } from '../../shared/index.js';
import { EXTRACT_TIMEOUT_MS } from '../constants.js';
import { ReaderError } from '../errors.js';
import { type ExtractedPage, extractHtml } from '../html/index.js';
import type { ExtractRequest } from './messages.js';
import { startExtractWorker } from './start-worker.js';

/** Options for `createExtractionPool`. */
export interface ExtractionPoolOptions {
  /** Worker threads; 0 extracts in this thread. Default: the machine's cores. */
  workers?: number;
  /** A page still being extracted after this many ms fails with `extract_timeout`. Default EXTRACT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The worker script (tests). Default: `extract-worker` beside this module. */
  workerUrl?: URL;
}

/** Extracts pages off the event loop. */
export interface ExtractionPool {
  /** The main content of one HTML page; rejects with `ReaderError` `extract_failed` or `extract_timeout`. */
  extract(html: string, url: string): Promise<ExtractedPage>;
  /** `workers` once threads run, `in-process` when there are none or they could not start. */
  readonly mode: 'workers' | 'in-process';
  /** Stops every worker; pages under way fail. */
  close(): Promise<void>;
}

function failed(url: string, message: string, cause?: unknown): ReaderError {
  return new ReaderError({
    code: 'extract_failed',
    url,
    cause,
    message: `Could not extract the main content of ${url}: ${message}`,
  });
}

/** The pool's error for one page, as the reader words it. */
function readerError(url: string, timeoutMs: number, error: unknown): ReaderError {
  if (error instanceof ReaderError) return error;
  if (!(error instanceof WorkerPoolError)) return failed(url, (error as Error).message, error);
  if (error.code === 'task_timeout')
    return new ReaderError({
      code: 'extract_timeout',
      url,
      message: `Extracting the main content of ${url} took longer than ${timeoutMs} ms; the page was given up.`,
    });
  if (error.code === 'pool_closed') return failed(url, 'the extraction pool was closed', error);
  return failed(url, error.message, error);
}

/**
 * A pool of worker threads that parse pages, choose their main content and render it, so no page
 * blocks the event loop. Each page has a time limit: past it the page fails with `extract_timeout`
 * and its worker is replaced. When workers cannot start (a sandbox without threads, a missing
 * worker file), pages are extracted in this thread instead.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const pool = createWorkerPool<ExtractRequest, ExtractedPage>({
    size: options.workers ?? availableParallelism(),
    timeoutMs,
    start: () => startExtractWorker(options.workerUrl),
    runHere: async ({ html, url }) => extractHtml(html, { url }),
  });
  return {
    get mode() {
      return pool.mode;
    },
    extract(html, url) {
      return pool.run({ html, url }).catch((error: unknown) => {
        throw readerError(url, timeoutMs, error);
      });
    },
    close: () => pool.close(),
  };
}

let shared: ExtractionPool | undefined;
let sharedWorkers: number | undefined;

/** The process's one extraction pool, started on first use; its idle workers never keep it alive. */
export function sharedExtractionPool(): ExtractionPool {
  if (shared) return shared;
  const pool = createExtractionPool({ workers: sharedWorkers });
  setSharedExtractionPool(pool);
  return pool;
}

/**
 * Sets how many workers the process's extraction pool has (default: the machine's cores). A research
 * thread takes its share of the cores: each thread of a server has a pool of its own, and a pool of
 * every core in each would start threads × cores workers.
 */
export function sizeSharedExtractionPool(workers: number): void {
  sharedWorkers = workers;
  if (shared) setSharedExtractionPool(createExtractionPool({ workers }));
}

/**
 * Replaces the process's extraction pool, ending the one in use: for measuring extraction in this
 * thread against the workers (`bench/server-load.ts --extract in-process`).
 */
export function setSharedExtractionPool(pool: ExtractionPool): void {
  void shared?.close();
  shared = pool;
  // The CLI ends it after its command (`releaseProcessResources`) without importing the reader.
  holdUntilExit(closeSharedExtractionPool);
}

/** Ends the process's extraction pool, if it was started; a later page starts a new one. */
async function closeSharedExtractionPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
