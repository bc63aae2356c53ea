import { ComputeError } from './errors.js';
import { type ComputeLimits, DEFAULT_COMPUTE_LIMITS } from './limits.js';
import { runInWorker } from './run-in-worker.js';
import type { ComputeSandbox } from './types.js';

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
        { program: request.program, inputsJson, alsoOnJson, limits },
        { signal: request.signal, release: () => {} },
      );
    },
  };
}
