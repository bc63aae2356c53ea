import type { RunAccess, RunManager } from '../../../runs/index.js';
import type { ChatCompletionRequest } from './request.js';

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
  /** The request as parsed (a failure names the field that held the run back). */
  request: ChatCompletionRequest;
  /** Unix seconds now, for `created`. */
  created: () => number;
}

/** Cancels the run; a run that has already ended is left as it is. */
export function cancelRun(run: CompletionRun): void {
  void run.runs.cancel(run.runId, run.access).catch(() => undefined);
}
