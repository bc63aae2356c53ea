import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConfigError, DeepResearchError, InputError, MissingPackageError } from '../../errors.js';
import { RunServiceError, type RunServiceErrorCode } from '../../runs/index.js';
import { StoreError } from '../../store/index.js';
import { QUEUE_FULL_RETRY_SECONDS } from '../constants.js';

/** Codes of request failures, each with its one HTTP status. */
export const API_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The Host header names none of the server's names (DNS rebinding), without auth. */
  host_not_allowed: 403,
  /** A state-changing request or WebSocket from a web page on another origin. */
  origin_not_allowed: 403,
  not_found: 404,
  /** The run has no source at that place in its list. */
  source_not_found: 404,
  /** The source has no screenshot (read without `--browser`, not an HTML page, or from the cache). */
  screenshot_not_found: 404,
  /** The run kept no archive of its pages. */
  archive_not_found: 404,
  /** The route exists, not for this method (the error lists the methods it takes, for `Allow`). */
  method_not_allowed: 405,
  conflict: 409,
  /** Input sent to a run that waits for none (`POST /api/runs/:id/input`). */
  not_waiting: 409,
  /** Input sent again to a run that already got it. */
  input_already_given: 409,
  payload_too_large: 413,
  /** An `Idempotency-Key` sent again with a different request body. */
  idempotency_mismatch: 422,
  /**
   * The research run the request waited for failed (its model server unreachable, its key refused,
   * an engine fault): the message says why. Not retryable: a retry would run the whole research again.
   */
  run_failed: 424,
  /** A request body that is not JSON. */
  unsupported_media_type: 415,
  rate_limited: 429,
  /** The caller's token has as many runs queued as the server allows (`--max-queued-per-owner`). */
  queue_full: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** Codes a client may retry as they are (after `Retry-After`): every other error says `x-should-retry: false`. */
const RETRYABLE_CODES: readonly ApiErrorCode[] = ['rate_limited', 'queue_full', 'unavailable'];

/** A request that cannot be served; the error handler answers it as JSON with its status. */
export class ApiError extends DeepResearchError {
  override readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;
  /** Request field at fault (dotted path), when there is one. */
  readonly field: string | undefined;
  /** Seconds to wait before trying again (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** Methods the route takes (405), for the `Allow` header. */
  readonly allow: readonly string[] | undefined;
  /** The run the error is about (a failed run's 424), so a client can look it up. */
  readonly runId: string | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: {
      field?: string;
      retryAfterSeconds?: number;
      allow?: readonly string[];
      runId?: string;
      cause?: unknown;
    } = {},
  ) {
    const system = code === 'internal' || code === 'unavailable' || code === 'run_failed';
    super({
      code,
      message,
      kind: system ? 'system' : 'user',
      cause: options.cause,
      isRetryable: RETRYABLE_CODES.includes(code),
    });
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.runId = options.runId;
  }
}

/** The HTTP meaning of each refusal of the run service. */
const SERVICE_CODES: Record<RunServiceErrorCode, ApiErrorCode> = {
  run_not_found: 'not_found',
  corpus_not_found: 'not_found',
  memory_not_found: 'not_found',
  source_not_found: 'source_not_found',
  screenshot_not_found: 'screenshot_not_found',
  archive_not_found: 'archive_not_found',
  run_not_finished: 'conflict',
  not_resumable: 'conflict',
  run_ended: 'conflict',
  not_waiting: 'not_waiting',
  input_already_given: 'input_already_given',
  shutting_down: 'unavailable',
  queue_full: 'queue_full',
};

/** Any thrown value as an `ApiError`: domain errors keep their meaning, the rest become 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RunServiceError && error.code === 'queue_full') {
    return new ApiError(
      'queue_full',
      `You have ${error.limit} runs queued, as many as this server allows one token (serve --max-queued-per-owner ${error.limit}); start this run once one of them has started (try again in ${QUEUE_FULL_RETRY_SECONDS} s), or cancel one.`,
      { retryAfterSeconds: QUEUE_FULL_RETRY_SECONDS, cause: error },
    );
  }
  if (error instanceof RunServiceError) {
    return new ApiError(SERVICE_CODES[error.code], error.message, { cause: error });
  }
  if (error instanceof InputError) {
    return new ApiError('invalid_request', error.message, { field: error.field, cause: error });
  }
  if (error instanceof ConfigError) {
    const field = error.param ?? error.key;
    return new ApiError('invalid_request', error.message, { ...(field ? { field } : {}), cause: error });
  }
  if (error instanceof StoreError) {
    if (error.code === 'run_not_found') return new ApiError('not_found', error.message);
    if (error.code === 'run_exists') return new ApiError('conflict', error.message);
    return new ApiError('unavailable', error.message, { cause: error });
  }
  // The operator left out an optional feature's package (a lean install): the message names the install.
  if (error instanceof MissingPackageError)
    return new ApiError('unavailable', error.message, { cause: error });
  if (error instanceof DeepResearchError && error.kind === 'user') {
    return new ApiError('invalid_request', error.message);
  }
  // A fault's own message may name internals; the log has it, the client gets a generic one.
  return new ApiError('internal', 'Internal server error.', { cause: error });
}
