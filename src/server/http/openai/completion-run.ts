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
  /**
   * Whether the run goes on when the client disconnects: the request sent an `Idempotency-Key`
   * (it may come back for the result) or asked for `background`.
   */
  outlivesClient: boolean;
}

/** Cancels the run of a client that went away, unless it may come back; an ended run is left as it is. */
export function cancelRun(run: Pick<CompletionRun, 'runs' | 'runId' | 'access' | 'outlivesClient'>): void {
  if (run.outlivesClient) return;
  void run.runs.cancel(run.runId, run.access).catch(() => undefined);
}
