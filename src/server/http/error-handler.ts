import type { Context } from 'hono';
import { type Logger, RunServiceError, type RunServiceErrorCode } from '../../runs/index.js';
import { ApiError, type ApiErrorCode, createErrorHandler as createApiErrorHandler } from './errors.js';
import { RequestRefused } from './refusal.js';

/** The HTTP meaning of each run-service refusal. */
const SERVICE_CODES: Record<RunServiceErrorCode, ApiErrorCode> = {
  run_not_found: 'not_found',
  corpus_not_found: 'not_found',
  not_resumable: 'conflict',
  run_ended: 'conflict',
  shutting_down: 'unavailable',
};

/** A run-service error as the API error it means; anything else unchanged. */
export function fromServiceError(error: unknown): unknown {
  if (!(error instanceof RunServiceError)) return error;
  return new ApiError(SERVICE_CODES[error.code], error.message, { cause: error });
}

/** A refused request in the API's shape (OpenAI's on `/v1`), with `Allow` on a 405. */
function refusalResponse(error: RequestRefused, context: Context): Response {
  if (error.allow) context.header('Allow', error.allow.join(', '));
  if (context.req.path.startsWith('/v1/')) {
    const type = error.status === 403 ? 'permission_error' : 'invalid_request_error';
    return context.json(
      { error: { message: error.message, type, param: null, code: error.code } },
      error.status,
    );
  }
  return context.json({ error: { code: error.code, message: error.message } }, error.status);
}

/**
 * The app's one error handler: answers refused requests, maps the run service's domain errors to
 * status codes, and answers everything else in the API's JSON shape through `errors.ts`.
 */
export function createErrorHandler(logger: Logger) {
  const respond = createApiErrorHandler(logger);
  return (thrown: unknown, context: Context) =>
    thrown instanceof RequestRefused
      ? refusalResponse(thrown, context)
      : respond(fromServiceError(thrown), context);
}
