import { ComputeError, type ComputeErrorCode } from './errors.js';
import {
  type ComputeLimits,
  DEFAULT_COMPUTE_LIMITS,
  WORKER_GRACE_MS,
  WORKER_START_LIMIT_MS,
} from './limits.js';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';
import { startComputeWorker } from './start-worker.js';

/** One program to run: a JavaScript function body that ends with `return`, and its inputs as data. */
export interface ComputeRequest {
  program: string;
  /** Plain JSON data the program reads as `inputs` (e.g. `inputs.F1.numbers[0]`). */
  inputs: Readonly<Record<string, unknown>>;
  /**
   * Other inputs to run the same program on afterwards, in the same worker and a fresh runtime
   * (with limits of its own): how a caller tells whether the output depends on the inputs.
   */
  alsoOn?: Readonly<Record<string, unknown>>;
  /** Ends the program (and its worker) when aborted. */
  signal?: AbortSignal;
}

/** A program's output and what it cost. */
export interface ComputeOutput {
  /** The returned string as is, any other value as JSON. */
  output: string;
  /** Milliseconds the program ran, in the sandbox. */
  durationMs: number;
  /** Milliseconds from starting the worker to the program's start (worker, WebAssembly, context). */
  startMs: number;
  /** The output on `alsoOn`; undefined when that run failed (or none was asked). */
  alsoOutput?: string;
}

/** Runs programs where nothing can escape. One interface; the engine depends only on it. */
export interface ComputeSandbox {
  /** The language programs are written in. */
  readonly language: 'javascript';
  readonly limits: ComputeLimits;
  /** The program's output, or a `ComputeError` saying why there is none. */
  run(request: ComputeRequest): Promise<ComputeOutput>;
}

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
 * The QuickJS sandbox: each program runs in a worker thread of its own, in a fresh QuickJS
 * (WebAssembly) runtime with memory, stack and time limits; the host ends the worker when the
 * program outlives its limit by `WORKER_GRACE_MS` (or the worker does not start), so a program
 * can neither block the host's event loop nor outlast its time, whatever it does.
 */
export function createComputeSandbox(options: { limits?: Partial<ComputeLimits> } = {}): ComputeSandbox {
  const limits: ComputeLimits = { ...DEFAULT_COMPUTE_LIMITS, ...options.limits };
  return {
    language: 'javascript',
    limits,
    run(request) {
      const inputsJson = JSON.stringify(request.inputs);
      const alsoOnJson = request.alsoOn === undefined ? undefined : JSON.stringify(request.alsoOn);
      const inputChars = Math.max(inputsJson.length, alsoOnJson?.length ?? 0);
      if (inputChars > limits.inputChars) {
        return Promise.reject(
          new ComputeError(
            'compute_input_too_large',
            `the inputs are ${inputChars} characters of JSON, more than the ${limits.inputChars} allowed; use fewer findings`,
          ),
        );
      }
      if (request.program.length > limits.programChars) {
        return Promise.reject(
          new ComputeError(
            'compute_input_too_large',
            `the program has ${request.program.length} characters, more than the ${limits.programChars} allowed; write a shorter one`,
          ),
        );
      }
      return runInWorker(
        { program: request.program, inputsJson, ...(alsoOnJson === undefined ? {} : { alsoOnJson }), limits },
        request.signal,
      );
    },
  };
}

function runInWorker(request: ComputeWorkerRequest, signal: AbortSignal | undefined): Promise<ComputeOutput> {
  const { limits } = request;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
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
      void worker.terminate();
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
    worker.on('message', (message: ComputeWorkerMessage) => {
      if (message.type === 'started') {
        // A second start is the run on `alsoOn`: its clock starts again, the start-up was the first's.
        if (startMs === 0) startMs = Math.round((performance.now() - spawned) * 100) / 100;
        clearTimeout(watchdog);
        watchdog = setTimeout(() => fail('compute_timeout', 'stopped'), limits.timeMs + WORKER_GRACE_MS);
      } else if (message.type === 'done') {
        const { output, durationMs, alsoOutput } = message;
        end({ output: { output, durationMs, startMs, ...(alsoOutput === undefined ? {} : { alsoOutput }) } });
      } else {
        fail(message.code as ComputeErrorCode, message.message);
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
