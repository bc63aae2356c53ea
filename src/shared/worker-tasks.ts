import { parentPort } from 'node:worker_threads';

/** One task a pool sends its worker. */
export interface WorkerTask<Input> {
  id: number;
  input: Input;
}

/** A worker's messages to its pool: ready for tasks, then each task's output or why it threw. */
export type WorkerReply<Output> =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: Output }
  | { type: 'failed'; id: number; message: string };

/**
 * Answers a `createWorkerPool` pool's tasks in this worker thread with `handle`, then says it is
 * ready. The pool sends a task only to an idle worker, so tasks run one at a time. `transfer`
 * names an output's large buffers, moved to the pool instead of copied.
 */
export function serveWorkerTasks<Input, Output>(
  handle: (input: Input) => Output | Promise<Output>,
  transfer?: (output: Output) => readonly ArrayBuffer[],
): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTasks answers a worker pool; it runs in a worker thread.');
  port.on('message', async ({ id, input }: WorkerTask<Input>) => {
    try {
      const output = await handle(input);
      port.postMessage({ type: 'done', id, output } satisfies WorkerReply<Output>, [
        ...(transfer?.(output) ?? []),
      ]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ type: 'failed', id, message } satisfies WorkerReply<Output>);
    }
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply<Output>);
}
