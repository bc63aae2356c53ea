import { DeepResearchError } from '../errors.js';

/**
 * Why the run service refused an operation. Stable codes the HTTP adapter maps to status codes:
 * - `run_not_found`: no such run, or not one the caller may see;
 * - `not_resumable`: only an interrupted run can resume;
 * - `run_ended`: the run has already ended (cancelling it is too late);
 * - `shutting_down`: the service no longer accepts runs;
 * - `corpus_not_found`: no registered corpus has that id;
 * - `memory_not_found`: no memory of the run to follow up that the caller may use;
 * - `not_waiting`: the run is not waiting for input (`needs_input`), so it cannot be answered;
 * - `input_already_given`: the input the run waited for was already given;
 * - `source_not_found`: the run has no source at that place;
 * - `screenshot_not_found`: the source was read without a screenshot (no `--browser`, not HTML, cached);
 * - `queue_full`: the owner has as many runs queued as the server allows (`maxQueuedPerOwner`).
 */
export type RunServiceErrorCode =
  | 'run_not_found'
  | 'not_resumable'
  | 'run_ended'
  | 'shutting_down'
  | 'corpus_not_found'
  | 'memory_not_found'
  | 'not_waiting'
  | 'input_already_given'
  | 'source_not_found'
  | 'screenshot_not_found'
  | 'queue_full';

/** An operation on runs that cannot be done as asked. It knows nothing of HTTP. */
export class RunServiceError extends DeepResearchError {
  override readonly code: RunServiceErrorCode;
  /** The run concerned, when there is one. */
  readonly runId: string | undefined;
  /** The limit that was reached (`queue_full`: the runs one owner may have queued). */
  readonly limit: number | undefined;

  constructor(
    code: RunServiceErrorCode,
    message: string,
    options: { runId?: string; limit?: number; cause?: unknown } = {},
  ) {
    super({
      code,
      message,
      kind: code === 'shutting_down' ? 'system' : code === 'queue_full' ? 'limit' : 'user',
      cause: options.cause,
      // A full queue empties as its runs start: the same start may succeed later.
      isRetryable: code === 'queue_full',
    });
    this.code = code;
    this.runId = options.runId;
    this.limit = options.limit;
  }
}
