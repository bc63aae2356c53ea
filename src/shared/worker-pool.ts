import type { Worker } from 'node:worker_threads';
import { DeepResearchError } from '../errors.js';
import type { WorkerReply, WorkerTask } from './worker-tasks.js';

/** Why a pooled task did not give its output. */
export type WorkerPoolErrorCode = 'task_failed' | 'task_timeout' | 'pool_closed';

/** A task the pool could not finish; `message` is the worker's own when the task threw there. */
export class WorkerPoolError extends DeepResearchError {
  override readonly code: WorkerPoolErrorCode;
  constructor(options: { code: WorkerPoolErrorCode; message: string; cause?: unknown }) {
    const { code, message, cause } = options;
    super({ code, message, kind: code === 'task_timeout' ? 'limit' : 'system', cause });
    this.code = code;
  }
}

/** What `createWorkerPool` takes. */
export interface WorkerPoolOptions<Input, Output> {
  /** Worker threads; 0 runs every task in this thread. */
  size: number;
  /** A task still running after this many ms fails with `task_timeout`, and its worker is replaced. */
  timeoutMs: number;
  /** Starts one worker, whose module answers through `serveWorkerTasks`. */
  start: () => Worker;
  /** Runs a task in this thread: when `size` is 0, or when no worker can start here. */
  runHere: (input: Input) => Promise<Output>;
  /** Objects of an input to move to the worker instead of copying (large buffers). */
  transfer?: (input: Input) => readonly ArrayBuffer[];
}

/** Tasks run off the event loop, one at a time per worker. */
export interface WorkerPool<Input, Output> {
  /** The task's output; rejects with `WorkerPoolError` (or what `runHere` throws, in this thread). */
  run(input: Input): Promise<Output>;
  /** `workers` once threads run, `in-process` when there are none or they could not start. */
  readonly mode: 'workers' | 'in-process';
  /** Tasks waiting for a worker. */
  readonly waiting: number;
  /** Stops every worker; tasks under way and waiting fail with `pool_closed`. */
  close(): Promise<void>;
}

interface Task<Input, Output> {
  id: number;
  input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

interface Slot<Input, Output> {
  worker: Worker;
  ready: boolean;
  task?: Task<Input, Output>;
  timer?: NodeJS.Timeout;
}

/**
 * A pool of worker threads, started as tasks need them up to `size`: each takes one task at a
 * time, the others wait in order. A task past its time limit fails with `task_timeout` and its
 * worker is ended and replaced. Idle workers never keep the process alive. When workers cannot
 * start (a sandbox without threads, a missing worker file), tasks run in this thread instead.
 */
export function createWorkerPool<Input, Output>(
  options: WorkerPoolOptions<Input, Output>,
): WorkerPool<Input, Output> {
  const size = Math.max(0, Math.floor(options.size));
  const slots: Slot<Input, Output>[] = [];
  const queue: Task<Input, Output>[] = [];
  let inProcess = size === 0;
  let nextId = 1;
  let closed = false;

  const runHere = (task: Task<Input, Output>) => {
    options.runHere(task.input).then(task.resolve, task.reject);
  };

  const fallBackToThisThread = () => {
    inProcess = true;
    for (const slot of slots.splice(0)) void slot.worker.terminate();
    for (const task of queue.splice(0)) runHere(task);
  };

  const remove = (slot: Slot<Input, Output>) => {
    clearTimeout(slot.timer);
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
  };

  const finish = (slot: Slot<Input, Output>) => {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.worker.unref();
    dispatch();
  };

  const spawn = () => {
    let worker: Worker;
    try {
      worker = options.start();
    } catch {
      // This environment cannot start threads: tasks stay in this thread.
      fallBackToThisThread();
      return;
    }
    // A starting worker keeps the process alive (a task waits for it); once ready without a task it
    // must not. Unref after the listeners too: adding a 'message' listener refs the worker's port.
    const slot: Slot<Input, Output> = { worker, ready: false };
    worker.on('message', (reply: WorkerReply<Output>) => {
      if (reply.type === 'ready') {
        slot.ready = true;
        dispatch();
        if (!slot.task) worker.unref();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      if (reply.type === 'done') task.resolve(reply.output);
      else task.reject(new WorkerPoolError({ code: 'task_failed', message: reply.message }));
      finish(slot);
    });
    worker.on('error', (error) => {
      const task = slot.task;
      remove(slot);
      if (!slot.ready && !task) {
        // The worker died before it could take a task: no threads here.
        fallBackToThisThread();
        return;
      }
      task?.reject(new WorkerPoolError({ code: 'task_failed', message: error.message, cause: error }));
      if (!closed) dispatch();
    });
    slots.push(slot);
  };

  const timeOut = (slot: Slot<Input, Output>) => {
    const task = slot.task;
    remove(slot);
    void slot.worker.terminate();
    task?.reject(
      new WorkerPoolError({
        code: 'task_timeout',
        message: `The task took longer than ${options.timeoutMs} ms and was stopped.`,
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
      idle.timer = setTimeout(() => timeOut(idle), options.timeoutMs);
      const message: WorkerTask<Input> = { id: task.id, input: task.input };
      idle.worker.postMessage(message, [...(options.transfer?.(task.input) ?? [])]);
    }
  }

  const closedError = () =>
    new WorkerPoolError({ code: 'pool_closed', message: 'The worker pool was closed.' });

  return {
    get mode() {
      return inProcess ? 'in-process' : 'workers';
    },
    get waiting() {
      return queue.length;
    },
    run(input) {
      if (closed) return Promise.reject(closedError());
      return new Promise<Output>((resolve, reject) => {
        const task = { id: nextId++, input, resolve, reject };
        if (inProcess) runHere(task);
        else {
          queue.push(task);
          dispatch();
        }
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(closedError());
      await Promise.all(
        slots.splice(0).map((slot) => {
          clearTimeout(slot.timer);
          slot.task?.reject(closedError());
          return slot.worker.terminate();
        }),
      );
    },
  };
}
