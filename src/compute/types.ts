import type { ComputeLimits } from './limits.js';

/** One program to run: a JavaScript function body that ends with `return`, and its inputs as data. */
export interface ComputeRequest {
  program: string;
  /** Plain JSON data the program reads as `inputs` (e.g. `inputs.F1.numbers[0]`). */
  inputs: Readonly<Record<string, unknown>>;
  /**
   * Other sets of inputs to run the same program on afterwards, in order, in the same worker and
   * each in a fresh runtime (with limits of its own): how a caller tells whether the output depends
   * on the inputs, and whether it behaves as the program's purpose says.
   */
  alsoOn?: readonly Readonly<Record<string, unknown>>[];
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
  /** The output on each set of `alsoOn`, in order; an entry is undefined when that run failed. */
  alsoOutputs?: (string | undefined)[];
}

/** Runs programs where nothing can escape. One interface; the engine depends only on it. */
export interface ComputeSandbox {
  /** The language programs are written in. */
  readonly language: 'javascript';
  readonly limits: ComputeLimits;
  /** The program's output, or a `ComputeError` saying why there is none. */
  run(request: ComputeRequest): Promise<ComputeOutput>;
}
