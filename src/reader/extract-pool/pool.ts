import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { EXTRACT_TIMEOUT_MS } from '../constants.js';
import { ReaderError } from '../errors.js';
import { type ExtractedPage, extractHtml } from '../html/index.js';
import type { ExtractRequest, ExtractResponse } from './messages.js';
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

interface Task {
  request: ExtractRequest;
  resolve(page: ExtractedPage): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
}

function failed(url: string, message: string, cause?: unknown): ReaderError {
  return new ReaderError({
    code: 'extract_failed',
    url,
    cause,
    message: `Could not extract the main content of ${url}: ${message}`,
  });
}

function extractHere(html: string, url: string): Promise<ExtractedPage> {
  try {
    return Promise.resolve(extractHtml(html, { url }));
  } catch (error) {
    return Promise.reject(failed(url, (error as Error).message, error));
  }
}

/**
 * A pool of worker threads that parse pages, choose their main content and render it, so no page
 * blocks the event loop. Each page has a time limit: past it the page fails with `extract_timeout`
 * and its worker is replaced. When workers cannot start (a sandbox without threads, a missing
 * worker file), pages are extracted in this thread instead.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const size = Math.max(0, Math.floor(options.workers ?? availableParallelism()));
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let inProcess = size === 0;
  let nextId = 1;
  let closed = false;

  const fallBackToThisThread = () => {
    inProcess = true;
    for (const slot of slots.splice(0)) void slot.worker.terminate();
    for (const task of queue.splice(0))
      extractHere(task.request.html, task.request.url).then(task.resolve, task.reject);
  };

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.worker.unref();
    dispatch();
  };

  const spawn = (): Slot | undefined => {
    let worker: Worker;
    try {
      worker = startExtractWorker(options.workerUrl);
    } catch {
      // This environment cannot start threads: extraction stays in this thread.
      fallBackToThisThread();
      return undefined;
    }
    // A starting worker keeps the process alive (a page waits for it); once ready without a page it
    // must not. Unref after the listeners too: adding a 'message' listener refs the worker's port.
    const slot: Slot = { worker, ready: false };
    worker.on('message', (response: ExtractResponse) => {
      if (response.type === 'ready') {
        slot.ready = true;
        dispatch();
        if (!slot.task) worker.unref();
        return;
      }
      const task = slot.task;
      if (!task || task.request.id !== response.id) return;
      if (response.type === 'done') task.resolve(response.page);
      else task.reject(failed(task.request.url, response.message));
      finish(slot);
    });
    worker.on('error', (error) => {
      const task = slot.task;
      remove(slot);
      if (!slot.ready && !task) {
        // The worker died before it could take a page: no threads here.
        fallBackToThisThread();
        return;
      }
      task?.reject(failed(task.request.url, error.message, error));
      if (!closed) dispatch();
    });
    slots.push(slot);
    return slot;
  };

  const remove = (slot: Slot) => {
    clearTimeout(slot.timer);
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
  };

  const timeOut = (slot: Slot) => {
    const task = slot.task;
    remove(slot);
    void slot.worker.terminate();
    task?.reject(
      new ReaderError({
        code: 'extract_timeout',
        url: task.request.url,
        message: `Extracting the main content of ${task.request.url} took longer than ${timeoutMs} ms; the page was given up.`,
      }),
    );
    if (!closed) dispatch();
  };

  function dispatch(): void {
    while (queue.length > 0 && !inProcess && !closed) {
      const idle = slots.find((slot) => slot.ready && !slot.task);
      if (!idle) {
        if (slots.length < size) spawn();
        return;
      }
      const task = queue.shift()!;
      idle.task = task;
      idle.worker.ref();
      idle.timer = setTimeout(() => timeOut(idle), timeoutMs);
      idle.worker.postMessage(task.request);
    }
  }

  return {
    get mode() {
      return inProcess ? 'in-process' : 'workers';
    },
    extract(html, url) {
      if (closed) return Promise.reject(failed(url, 'the extraction pool is closed'));
      if (inProcess) return extractHere(html, url);
      return new Promise<ExtractedPage>((resolve, reject) => {
        queue.push({ request: { id: nextId++, html, url }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0))
        task.reject(failed(task.request.url, 'the extraction pool was closed'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          clearTimeout(slot.timer);
          slot.task?.reject(failed(slot.task.request.url, 'the extraction pool was closed'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}

let shared: ExtractionPool | undefined;

/** The process's one extraction pool, started on first use; its idle workers never keep it alive. */
export function sharedExtractionPool(): ExtractionPool {
  shared ??= createExtractionPool();
  return shared;
}

/**
 * Replaces the process's extraction pool, ending the one in use: for measuring extraction in this
 * thread against the workers (`bench/server-load.ts --extract in-process`).
 */
export function setSharedExtractionPool(pool: ExtractionPool): void {
  void shared?.close();
  shared = pool;
}

/** Ends the process's extraction pool, if it was started; a later page starts a new one. */
export async function closeSharedExtractionPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
