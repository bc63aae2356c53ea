import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConfigError, DeepResearchError, describeError } from '../../errors.js';
import { StoreError } from '../../store/index.js';
import type { Logger } from '../logger.js';

/** Codes of request failures, each with one HTTP status. */
export const API_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  /** The model server (or another upstream service) a run depends on failed. */
  bad_gateway: 502,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** A request that cannot be served; the handler turns it into JSON with its status. */
export class ApiError extends DeepResearchError {
  override readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;
  /** Request field at fault (dotted path), when there is one. */
  readonly field: string | undefined;
  /** Seconds to wait before trying again (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    const system = code === 'internal' || code === 'unavailable' || code === 'bad_gateway';
    super({ code, message, kind: system ? 'system' : 'user' });
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Any thrown value as an `ApiError`: domain errors keep their meaning, the rest become 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ConfigError) {
    const field = error.param ?? error.key;
    return new ApiError('invalid_request', error.message, { ...(field ? { field } : {}), cause: error });
  }
  if (error instanceof StoreError) {
    if (error.code === 'run_not_found') return new ApiError('not_found', error.message);
    if (error.code === 'run_exists') return new ApiError('conflict', error.message);
    return new ApiError('unavailable', error.message);
  }
  if (error instanceof DeepResearchError && error.kind === 'user') {
    return new ApiError('invalid_request', error.message);
  }
  // A fault's own message may name internals; the log has it, the client gets a generic one.
  return new ApiError('internal', 'Internal server error.', { cause: error });
}

/** OpenAI's `error.type` for each of our codes, so official clients raise their typed errors. */
const OPENAI_TYPES: Record<ApiErrorCode, string> = {
  invalid_request: 'invalid_request_error',
  unauthorized: 'authentication_error',
  forbidden: 'permission_error',
  not_found: 'not_found_error',
  conflict: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  internal: 'server_error',
  bad_gateway: 'server_error',
  unavailable: 'server_error',
};

/** The body of an error in OpenAI's shape. */
export function openAiErrorBody(error: ApiError, param?: string) {
  return {
    error: {
      message: error.message,
      type: OPENAI_TYPES[error.code],
      param: param ?? error.field ?? null,
      code: error.code,
    },
  };
}

/**
 * The app's one error handler: JSON `{ error: { code, message, field? } }` on `/api`, OpenAI's shape
 * on `/v1`, the status of the error, `Retry-After` when known; faults are logged, never shown.
 */
export function createErrorHandler(logger: Logger) {
  return (thrown: unknown, context: Context) => {
    const error = toApiError(thrown);
    if (error.code === 'internal') {
      logger.log('error', 'request failed', { path: context.req.path, error: describeError(thrown) });
    }
    if (error.retryAfterSeconds !== undefined) {
      context.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (context.req.path.startsWith('/v1/')) {
      return context.json(openAiErrorBody(error), error.status);
    }
    return context.json(
      { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } },
      error.status,
    );
  };
}
