import type { RunAccess, RunManager } from '../../../runs/index.js';
import type { RunRecord } from '../../../store/index.js';
import { ApiError } from '../errors.js';

/** A chat completion's run, started: what both the streaming and the waiting answer work from. */
export interface CompletionRun {
  runs: RunManager;
  /** The run's id in the run service. */
  runId: string;
  access: RunAccess;
  /** `chatcmpl-<run id>`. */
  id: string;
  /** The model the request named (echoed back). */
  model: string;
  /** Unix seconds now, for `created`. */
  created: () => number;
}

/** A run that did not produce an answer, as an OpenAI-shaped error. */
export function runFailure(record: RunRecord): ApiError | undefined {
  if (record.status === 'failed') {
    const error = record.result?.error ?? record.error;
    return new ApiError('internal', error?.message ?? 'The research run failed.');
  }
  if (record.status === 'interrupted' || record.status === 'cancelled') {
    return new ApiError('unavailable', `The research run was ${record.status}.`);
  }
  return undefined;
}

/** Cancels the run; a run that has already ended is left as it is. */
export function cancelRun(run: CompletionRun): void {
  void run.runs.cancel(run.runId, run.access).catch(() => undefined);
}
