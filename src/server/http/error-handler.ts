import type { Context } from 'hono';
import { describeError } from '../../errors.js';
import type { Logger } from '../../runs/index.js';
import { type ApiError, type ApiErrorCode, toApiError } from './errors.js';

/** OpenAI's `error.type` for each of our codes, so official clients raise their typed errors. */
const OPENAI_TYPES: Record<ApiErrorCode, string> = {
  invalid_request: 'invalid_request_error',
  unauthorized: 'authentication_error',
  forbidden: 'permission_error',
  host_not_allowed: 'permission_error',
  origin_not_allowed: 'permission_error',
  not_found: 'not_found_error',
  source_not_found: 'not_found_error',
  screenshot_not_found: 'not_found_error',
  method_not_allowed: 'invalid_request_error',
  conflict: 'invalid_request_error',
  not_waiting: 'invalid_request_error',
  input_already_given: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  idempotency_mismatch: 'invalid_request_error',
  run_failed: 'server_error',
  unsupported_media_type: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  queue_full: 'rate_limit_error',
  internal: 'server_error',
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
      run_id: error.runId,
    },
  };
}

/**
 * The app's one error handler: any thrown value as an `ApiError` (the run service's domain errors
 * mapped to their status), answered as JSON `{ error: { code, message, field? } }` on `/api`,
 * OpenAI's shape on `/v1`, with `Retry-After` and `Allow` when known, and `x-should-retry` (honoured
 * by the `openai` client) saying whether the same request may succeed again; faults are logged,
 * never shown.
 */
export function createErrorHandler(logger: Logger) {
  return (thrown: unknown, context: Context) => {
    const error = toApiError(thrown);
    if (error.code === 'internal') {
      logger.log('error', 'request failed', { path: context.req.path, error: describeError(thrown) });
    }
    // The client is told to retry; the operator what failed (e.g. Postgres, under the shared limits).
    if (error.code === 'unavailable') {
      const cause = thrown instanceof Error ? thrown.cause : undefined;
      logger.log('warn', 'request refused: unavailable', {
        path: context.req.path,
        error: describeError(thrown),
        ...(cause === undefined ? {} : { cause: describeError(cause) }),
      });
    }
    if (error.retryAfterSeconds !== undefined) {
      context.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (error.allow) context.header('Allow', error.allow.join(', '));
    context.header('x-should-retry', String(error.isRetryable));
    // RFC 6750's challenge: MCP hosts (Inspector) that get a 401 without one start an OAuth flow.
    if (error.code === 'unauthorized') {
      context.header('WWW-Authenticate', 'Bearer realm="deepresearch"');
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
