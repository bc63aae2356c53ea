import { availableParallelism } from 'node:os';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { ResearchEvent, ResearchResult } from '../../contract/index.js';
import { DeepResearchError, describeError } from '../../errors.js';
import type { SourceCache } from '../../reader/index.js';
import type { ResearchRuntime } from '../../research/index.js';
import { clientVisibleOptions } from '../connection-options.js';
import type { Logger } from '../logger.js';
import type { Runner } from '../runner.js';
import type { CachedMessage, FromResearchThread, ResearchThreadData, ToResearchThread } from './messages.js';
import { startResearchThread } from './start-research-thread.js';

/** Why a research thread failed its runs. */
export type ResearchThreadErrorCode = 'thread_died' | 'thread_out_of_memory' | 'thread_start_failed';

/**
 * A research thread stopped: it crashed or was terminated (`thread_died`), went past its heap limit
 * (`thread_out_of_memory`), or could not load the engine (`thread_start_failed`).
 */
export class ResearchThreadError extends DeepResearchError {
  declare readonly code: ResearchThreadErrorCode;
  constructor(message: string, options: { code?: ResearchThreadErrorCode; cause?: unknown } = {}) {
    super({ code: options.code ?? 'thread_died', message, kind: 'system', cause: options.cause });
  }
}

/** What `createResearchThreads` takes. */
export interface ResearchThreadsOptions {
  /** Threads at most; each executes several runs at once (research mostly waits). */
  size: number;
  /** What every thread is given when it starts: the operator's configuration and environment. */
  data: Omit<ResearchThreadData, 'sharedCache' | 'extractWorkers'>;
  /** Where a thread's warnings go. */
  logger?: Logger;
  /** The most heap each thread may use, in MB (`serve --thread-memory`; default: Node's own limit). */
  memoryMb?: number;
  /** The server's source cache, which the threads read and fill through messages (default: one in each thread's memory). */
  sourceCache?: SourceCache;
  /**
   * Starts every thread at once, so that no run waits for a thread to load the engine and a thread
   * that cannot start is known before any run (default false: threads start as runs need them).
   */
  prestart?: boolean;
  /** Starts one thread (default `startResearchThread`; tests keep the threads they start). */
  start?: (data: ResearchThreadData, resourceLimits?: ResourceLimits) => Worker;
}

/** Research executed in worker threads, off the thread that serves HTTP. */
export interface ResearchThreads {
  /**
   * Executes a run in a thread: its events, screenshots and archive come back to `runtime`'s
   * hooks, in order; `runtime.signal` cancels it there. Only the hooks, `runId`, `resumeFrom`
   * and `memories` of `runtime` cross: the thread builds models, search and the reader from its
   * own configuration. Rejects with the engine's error, or `ResearchThreadError` when the thread
   * stopped.
   */
  runner: Runner;
  /** Threads running now. */
  readonly count: number;
  /**
   * Resolves once every thread running has loaded the engine (starting one if none runs); rejects
   * with `ResearchThreadError` `thread_start_failed` when one stopped first, saying why.
   */
  ready(): Promise<void>;
  /** Asks every thread to close (browser, corpora), then ends those still running after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

interface PendingRun {
  runtime: ResearchRuntime;
  /**
   * The run's `run-end`, held until its result comes: the engine in the HTTP thread returns as it
   * emits it, so a client that saw it finds the run's final state stored; so here too.
   */
  end?: ResearchEvent;
  resolve(result: ResearchResult): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: Worker;
  runs: Map<string, PendingRun>;
  /** Settles once the thread has loaded the engine, or stopped before it had. */
  ready: Promise<void>;
  markReady(): void;
}

const CLOSE_GRACE_MS = 5_000;

/**
 * A pool of up to `size` research threads, started as runs need them; each run goes to the thread
 * with the fewest runs (a new one while fewer than `size` run). A thread that stops takes its runs
 * with it: each rejects with `ResearchThreadError`, and the next run starts a new thread. Idle
 * threads never keep the process alive.
 */
export function createResearchThreads(options: ResearchThreadsOptions): ResearchThreads {
  const size = Math.max(1, Math.floor(options.size));
  const start = options.start ?? startResearchThread;
  const threads: Thread[] = [];
  let closed = false;

  const stopped = (thread: Thread, error: ResearchThreadError) => {
    const index = threads.indexOf(thread);
    if (index === -1) return;
    threads.splice(index, 1);
    for (const pending of thread.runs.values()) pending.reject(error);
    thread.runs.clear();
  };

  const settle = (thread: Thread, runId: string) => {
    const pending = thread.runs.get(runId);
    thread.runs.delete(runId);
    if (pending?.end) pending.runtime.onEvent?.(pending.end);
    if (thread.runs.size === 0) thread.worker.unref();
    return pending;
  };

  const receive = (thread: Thread, message: FromResearchThread) => {
    if (message.type === 'ready') {
      if (message.warning) options.logger?.log('warn', message.warning);
      thread.markReady();
      return;
    }
    if (message.type === 'cache') {
      answerCache(thread.worker, message);
      return;
    }
    const pending = thread.runs.get(message.runId);
    if (!pending) return;
    const { runtime } = pending;
    if (message.type === 'event' && message.event.type === 'run-end') pending.end = message.event;
    else if (message.type === 'event') runtime.onEvent?.(message.event);
    else if (message.type === 'screenshot') runtime.onScreenshot?.(message.screenshot);
    else if (message.type === 'archive') void runtime.onArchive?.(message.archive);
    else if (message.type === 'result') settle(thread, message.runId)?.resolve(message.result);
    else {
      const error = new DeepResearchError({ code: message.code, message: message.message });
      settle(thread, message.runId)?.reject(error);
    }
  };

  const answerCache = (worker: Worker, request: Extract<FromResearchThread, { type: 'cache' }>) => {
    const cache = options.sourceCache;
    if (!cache) return;
    const work = 'get' in request ? cache.get(request.get) : cache.put(request.put, request.ttlMs);
    const reply = (answer: Omit<CachedMessage, 'type' | 'requestId'>) =>
      worker.postMessage({
        type: 'cached',
        requestId: request.requestId,
        ...answer,
      } satisfies ToResearchThread);
    work.then(
      (source) => reply(source ? { source } : {}),
      (error: unknown) => reply({ error: describeError(error) }),
    );
  };

  const data: ResearchThreadData = {
    ...options.data,
    sharedCache: options.sourceCache !== undefined,
    // The threads share the cores for extraction too: threads × cores workers would crowd them.
    extractWorkers: Math.max(1, Math.floor(availableParallelism() / size)),
  };
  const limits = options.memoryMb ? { maxOldGenerationSizeMb: options.memoryMb } : undefined;
  const spawn = (): Thread => {
    let started = false;
    let markReady = () => {};
    let failStart: (error: ResearchThreadError) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = () => {
        started = true;
        resolve();
      };
      failStart = reject;
    });
    // Only `ready()` waits on it: a thread that never started fails its runs all the same.
    ready.catch(() => undefined);
    const thread: Thread = { worker: start(data, limits), runs: new Map(), ready, markReady };
    const stop = (error: ResearchThreadError) => {
      if (!started) failStart(startFailure(error, options.memoryMb));
      stopped(thread, error);
    };
    thread.worker.on('message', (message: FromResearchThread) => receive(thread, message));
    thread.worker.on('error', (error) => stop(threadError(error, options.memoryMb)));
    thread.worker.on('exit', (code) => stop(new ResearchThreadError(threadStopped(`exit code ${code}`))));
    threads.push(thread);
    return thread;
  };

  const pick = (): Thread => {
    if (threads.length < size) return spawn();
    return threads.reduce((fewest, thread) => (thread.runs.size < fewest.runs.size ? thread : fewest));
  };

  if (options.prestart) for (let count = 0; count < size; count += 1) spawn().worker.unref();

  const runner: Runner = (researchOptions, runtime) => {
    if (closed) {
      return Promise.reject(new ResearchThreadError('The research threads were closed.'));
    }
    const runId = runtime.runId ?? crypto.randomUUID();
    const thread = pick();
    const post = (message: ToResearchThread) => thread.worker.postMessage(message);
    return new Promise<ResearchResult>((resolve, reject) => {
      const cancel = () => {
        const reason = runtime.signal?.reason;
        post({ type: 'cancel', runId, reason: reason instanceof Error ? reason.message : 'Cancelled.' });
      };
      const done = () => runtime.signal?.removeEventListener('abort', cancel);
      thread.runs.set(runId, {
        runtime,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      thread.worker.ref();
      post({
        type: 'start',
        runId,
        // The key, base URLs, hosts and corpora never cross: the thread has the operator's own.
        options: clientVisibleOptions(researchOptions) as { question: string },
        resumeFrom: runtime.resumeFrom,
        memories: runtime.memories,
      });
      if (runtime.signal?.aborted) cancel();
      else runtime.signal?.addEventListener('abort', cancel, { once: true });
    });
  };

  return {
    runner,
    get count() {
      return threads.length;
    },
    ready() {
      if (closed) return Promise.reject(new ResearchThreadError('The research threads were closed.'));
      const starting = threads.length > 0 ? [...threads] : [spawn()];
      const waits = starting.map((thread) => {
        // Waiting for it keeps the process up (an idle thread does not).
        thread.worker.ref();
        return thread.ready.finally(() => {
          if (thread.runs.size === 0) thread.worker.unref();
        });
      });
      return Promise.all(waits).then(() => undefined);
    },
    async close(graceMs = CLOSE_GRACE_MS) {
      closed = true;
      await Promise.all(
        threads.map(async ({ worker }) => {
          const exited = new Promise((resolve) => worker.once('exit', resolve));
          worker.postMessage({ type: 'close' } satisfies ToResearchThread);
          const timer = setTimeout(() => void worker.terminate(), graceMs);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}

const threadStopped = (why: string) => `The research thread executing the run stopped (${why}).`;

/** The error a thread's `error` event means for its runs: past its heap limit, or a crash. */
function threadError(error: Error, memoryMb: number | undefined): ResearchThreadError {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    const limit = memoryMb ? `its limit, ${memoryMb} MB` : "Node's heap limit";
    return new ResearchThreadError(
      `The research thread executing the run ran out of memory (past ${limit}); the run's events are kept. Raise serve --thread-memory and resume the run.`,
      { code: 'thread_out_of_memory', cause: error },
    );
  }
  return new ResearchThreadError(threadStopped(error.message), { cause: error });
}

/** A thread that stopped before it could execute runs: what the operator can do about it. */
function startFailure(error: ResearchThreadError, memoryMb: number | undefined): ResearchThreadError {
  const why =
    error.code === 'thread_out_of_memory'
      ? `loading the engine went past its heap limit${memoryMb ? ` (--thread-memory ${memoryMb})` : ''}; raise --thread-memory`
      : `${error.cause instanceof Error ? error.cause.message : error.message}; fix that`;
  return new ResearchThreadError(
    `A research thread could not start: ${why}, or serve with --executor thread to research in the thread that serves HTTP.`,
    { code: 'thread_start_failed', cause: error.cause ?? error },
  );
}
