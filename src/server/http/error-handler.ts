import type { Context } from 'hono';
import type { Logger } from '../logger.js';
import { RunServiceError, type RunServiceErrorCode } from '../service/index.js';
import { ApiError, type ApiErrorCode, createErrorHandler as createApiErrorHandler } from './errors.js';

/** The HTTP meaning of each run-service refusal. */
const SERVICE_CODES: Record<RunServiceErrorCode, ApiErrorCode> = {
  run_not_found: 'not_found',
  not_resumable: 'conflict',
  run_ended: 'conflict',
  shutting_down: 'unavailable',
};

/** A run-service error as the API error it means; anything else unchanged. */
export function fromServiceError(error: unknown): unknown {
  if (!(error instanceof RunServiceError)) return error;
  return new ApiError(SERVICE_CODES[error.code], error.message, { cause: error });
}

/**
 * The app's one error handler: maps the run service's domain errors to status codes, then answers
 * in the API's JSON shape (OpenAI's on `/v1`) through `errors.ts`.
 */
export function createErrorHandler(logger: Logger) {
  const respond = createApiErrorHandler(logger);
  return (thrown: unknown, context: Context) => respond(fromServiceError(thrown), context);
}
