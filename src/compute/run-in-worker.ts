import { COMPUTE_ERROR_CODES, ComputeError, type ComputeErrorCode } from './errors.js';
import {
  type ComputeLimits,
  ERROR_NAME_CHARS,
  ERROR_TEXT_CHARS,
  WORKER_GRACE_MS,
  WORKER_START_LIMIT_MS,
} from './limits.js';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';
import { startComputeWorker } from './start-worker.js';
import type { ComputeOutput } from './types.js';

/** What to change, for each way a program can fail: the message a planner reads. */
function explain(code: ComputeErrorCode, detail: string, limits: ComputeLimits): string {
  const megabytes = Math.round(limits.memoryBytes / 1024 / 1024);
  switch (code) {
    case 'compute_timeout':
      return `the program ran past its ${limits.timeMs} ms limit and was stopped; loop only over the inputs, with a bound`;
    case 'compute_memory':
      return `the program needed more than its ${megabytes} MB of memory (${detail}); compute from the inputs without building large arrays or strings`;
    case 'compute_stack':
      return `the program recursed too deep (${detail}); use a loop instead of recursion`;
    case 'compute_output_too_large':
      return `the output has ${detail}, more than the ${limits.outputChars} allowed; return only the figures the answer needs`;
    case 'compute_syntax':
      return `the program does not parse (${detail}); write the body of a JavaScript function that ends with return`;
    case 'compute_no_output':
      return 'the program returned nothing; end it with return and the value computed';
    case 'compute_program_error':
      return `the program threw ${detail}; the sandbox has no process, require, fetch, files, clock or randomness, only inputs`;
    case 'compute_unavailable':
      return `the compute sandbox could not run the program: ${detail}`;
    default:
      return detail;
  }
}

/**
 * Runs one request in a worker of its own and ends the worker after (then calls `release`). The
 * output and the error text are measured again here, where the run goes on: whatever the worker
 * sends, no more than the limits crosses into the run's events.
 */
export function runInWorker(
  request: ComputeWorkerRequest,
  options: { signal: AbortSignal | undefined; release: () => void },
): Promise<ComputeOutput> {
  const { limits } = request;
  const { signal, release } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      release();
      reject(new ComputeError('compute_cancelled', 'the run was stopped before the program started'));
      return;
    }
    const spawned = performance.now();
    let startMs = 0;
    const worker = startComputeWorker(request);
    let settled = false;
    const end = (outcome: { output: ComputeOutput } | { error: ComputeError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', onAbort);
      // The slot is free once the thread is gone, not when its answer arrives.
      worker.terminate().then(release, release);
      if ('output' in outcome) resolve(outcome.output);
      else reject(outcome.error);
    };
    const fail = (code: ComputeErrorCode, detail: string, cause?: unknown) =>
      end({ error: new ComputeError(code, explain(code, detail, limits), cause) });
    const onAbort = () => fail('compute_cancelled', 'the run was stopped while the program ran');
    signal?.addEventListener('abort', onAbort, { once: true });
    let watchdog = setTimeout(
      () => fail('compute_unavailable', `the sandbox did not start within ${WORKER_START_LIMIT_MS} ms`),
      WORKER_START_LIMIT_MS,
    );
    const done = (message: Extract<ComputeWorkerMessage, { type: 'done' }>) => {
      const { output, durationMs, alsoOutputs } = message;
      const longest = Math.max(output.length, ...(alsoOutputs ?? []).map((text) => text?.length ?? 0));
      if (longest > limits.outputChars) fail('compute_output_too_large', `${longest} characters`);
      else end({ output: { output, durationMs, startMs, ...(alsoOutputs ? { alsoOutputs } : {}) } });
    };
    worker.on('message', (message: ComputeWorkerMessage) => {
      if (message.type === 'started') {
        // A later start is a run on `alsoOn`: its clock starts again, the start-up was the first's.
        if (startMs === 0) startMs = Math.round((performance.now() - spawned) * 100) / 100;
        clearTimeout(watchdog);
        watchdog = setTimeout(() => fail('compute_timeout', 'stopped'), limits.timeMs + WORKER_GRACE_MS);
      } else if (message.type === 'done') {
        done(message);
      } else {
        const code = (COMPUTE_ERROR_CODES as readonly string[]).includes(message.code)
          ? (message.code as ComputeErrorCode)
          : 'compute_unavailable';
        // The worker cuts the program's error text; this bounds the name, message and words around them.
        fail(code, message.message.slice(0, ERROR_NAME_CHARS + ERROR_TEXT_CHARS + 40));
      }
    });
    worker.on('error', (error: Error & { code?: string }) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? fail('compute_memory', 'the worker ran out of memory', error)
        : fail('compute_unavailable', `the sandbox failed: ${error.message}`, error),
    );
    worker.on('exit', (exitCode) => fail('compute_unavailable', `the sandbox ended (exit code ${exitCode})`));
  });
}
