import { ComputeError } from './errors.js';
import { COMPUTE_WORKERS, type ComputeLimits, DEFAULT_COMPUTE_LIMITS } from './limits.js';
import type { ComputeWorkerRequest } from './messages.js';
import { runInWorker } from './run-in-worker.js';
import type { ComputeOutput, ComputeSandbox } from './types.js';
import { createWorkerSlots } from './worker-slots.js';

/** One pool for the process: every run's sandbox shares the machine's cores. */
const sharedSlots = createWorkerSlots(COMPUTE_WORKERS);

/** A program's worker once a slot is free; the slot is given back when the worker has ended. */
async function runQueued(
  request: ComputeWorkerRequest,
  signal: AbortSignal | undefined,
): Promise<ComputeOutput> {
  const release = await sharedSlots.take(signal);
  if (!release) throw new ComputeError('compute_cancelled', 'the run was stopped before the program started');
  return runInWorker(request, { signal, release });
}

/**
 * The QuickJS sandbox: each program runs in a worker thread of its own, in a fresh QuickJS
 * (WebAssembly) runtime with memory, stack and time limits; the host ends the worker when the
 * program outlives its limit by `WORKER_GRACE_MS` (or the worker does not start), so a program
 * can neither block the host's event loop nor outlast its time, whatever it does. At most
 * `COMPUTE_WORKERS` programs run at once in the process; the others wait their turn, and a
 * program's clocks (start and time limit) start when its worker does.
 */
export function createComputeSandbox(options: { limits?: Partial<ComputeLimits> } = {}): ComputeSandbox {
  const limits: ComputeLimits = { ...DEFAULT_COMPUTE_LIMITS, ...options.limits };
  return {
    language: 'javascript',
    limits,
    run(request) {
      const inputsJson = JSON.stringify(request.inputs);
      const alsoOnJson = request.alsoOn?.map((inputs) => JSON.stringify(inputs));
      const inputChars = Math.max(inputsJson.length, ...(alsoOnJson ?? []).map((json) => json.length));
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
      return runQueued({ program: request.program, inputsJson, alsoOnJson, limits }, request.signal);
    },
  };
}
