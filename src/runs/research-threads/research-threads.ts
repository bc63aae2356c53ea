import type { Worker } from 'node:worker_threads';
import type { ResearchEvent, ResearchResult } from '../../contract/index.js';
import { DeepResearchError, describeError } from '../../errors.js';
import type { SourceCache } from '../../reader/index.js';
import type { ResearchRuntime } from '../../research/index.js';
import { clientVisibleOptions } from '../connection-options.js';
import type { Runner } from '../runner.js';
import type { CachedMessage, FromResearchThread, ResearchThreadData, ToResearchThread } from './messages.js';
import { startResearchThread } from './start-research-thread.js';

/** The research thread executing a run stopped (it crashed, ran out of memory, or was terminated). */
export class ResearchThreadError extends DeepResearchError {
  override readonly code = 'thread_died';
  constructor(message: string, cause?: unknown) {
    super({ code: 'thread_died', message, kind: 'system', cause });
  }
}

/** What `createResearchThreads` takes. */
export interface ResearchThreadsOptions {
  /** Threads at most; each executes several runs at once (research mostly waits). */
  size: number;
  /** What every thread is given when it starts: the operator's configuration and environment. */
  data: Omit<ResearchThreadData, 'sharedCache'>;
  /** The server's source cache, which the threads read and fill through messages (default: one in each thread's memory). */
  sourceCache?: SourceCache;
  /**
   * Starts the first thread at once, so that the first run does not wait for a thread to load the
   * engine (default false: threads start as runs need them).
   */
  prestart?: boolean;
  /** Starts one thread (default `startResearchThread`; tests keep the threads they start). */
  start?: (data: ResearchThreadData) => Worker;
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

  const stopped = (thread: Thread, why: string, cause?: unknown) => {
    const index = threads.indexOf(thread);
    if (index === -1) return;
    threads.splice(index, 1);
    for (const pending of thread.runs.values()) {
      pending.reject(
        new ResearchThreadError(`The research thread executing the run stopped (${why}).`, cause),
      );
    }
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

  const spawn = (): Thread => {
    const data = { ...options.data, sharedCache: options.sourceCache !== undefined };
    const thread: Thread = { worker: start(data), runs: new Map() };
    thread.worker.on('message', (message: FromResearchThread) => receive(thread, message));
    thread.worker.on('error', (error) => stopped(thread, error.message, error));
    thread.worker.on('exit', (code) => stopped(thread, `exit code ${code}`));
    threads.push(thread);
    return thread;
  };

  const pick = (): Thread => {
    if (threads.length < size) return spawn();
    return threads.reduce((fewest, thread) => (thread.runs.size < fewest.runs.size ? thread : fewest));
  };

  if (options.prestart) spawn().worker.unref();

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
