import { availableParallelism } from 'node:os';

/** The sandbox's limits for one program; every field has a default in `DEFAULT_COMPUTE_LIMITS`. */
export interface ComputeLimits {
  /** Milliseconds the program may run; it is interrupted then, and its worker ended soon after. */
  timeMs: number;
  /** Bytes the program's heap may hold (QuickJS runtime memory limit). */
  memoryBytes: number;
  /** Bytes of native stack the program may use (deep recursion ends with a stack overflow). */
  stackBytes: number;
  /** Characters of output (the JSON of the returned value) kept; more is a failure, not a cut. */
  outputChars: number;
  /** Characters of the program's source. */
  programChars: number;
  /** Characters of the inputs, as JSON. */
  inputChars: number;
}

/** Defaults: enough for arithmetic, unit and date conversions, and aggregation over a table. */
export const DEFAULT_COMPUTE_LIMITS: ComputeLimits = {
  timeMs: 1_000,
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 256 * 1024,
  outputChars: 2_000,
  programChars: 4_000,
  inputChars: 64_000,
};

/**
 * Milliseconds a worker may take to start and load the WebAssembly module before the program's
 * own clock starts; generous because several runs may start sandboxes on a busy machine.
 */
export const WORKER_START_LIMIT_MS = 15_000;

/**
 * Milliseconds past the time limit after which the host ends the worker itself: the interrupt
 * handler is not consulted inside one long native operation (a huge array fill, a garbage
 * collection near the memory limit), so the worker's end is what guarantees the limit.
 */
export const WORKER_GRACE_MS = 500;

/** Megabytes of V8 heap the worker itself may use (the program's heap is WebAssembly memory, limited above). */
export const WORKER_HEAP_MB = 64;

/** Characters of a thrown error's name the host is given (the sandbox cuts it before it crosses). */
export const ERROR_NAME_CHARS = 60;

/**
 * Characters of a thrown error's message the host is given: enough for any error a planner can act
 * on; a program's own 5 MB message would otherwise reach the run's events and database.
 */
export const ERROR_TEXT_CHARS = 400;

/**
 * Programs that run at once in one process (each in a worker thread); the others wait their turn.
 * One per core, and at least two, so that one program that spins to its limit does not hold up
 * every other run's.
 */
export const COMPUTE_WORKERS = Math.max(2, availableParallelism());
