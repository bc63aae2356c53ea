import type { ComputeLimits } from './limits.js';

/** What the host sends the worker: one program, its inputs as JSON text, the limits. */
export interface ComputeWorkerRequest {
  program: string;
  inputsJson: string;
  /** Other inputs to run the same program on afterwards, each in a fresh runtime (see `ComputeRequest.alsoOn`). */
  alsoOnJson?: string[];
  limits: ComputeLimits;
}

/** What the worker answers: `started` when the program's clock starts, then one outcome. */
export type ComputeWorkerMessage =
  | { type: 'started' }
  | {
      type: 'done';
      output: string;
      durationMs: number;
      /** The output on each of the other inputs; an entry is undefined when that run failed. */
      alsoOutputs?: (string | undefined)[];
    }
  | { type: 'failed'; code: string; message: string; durationMs: number };
