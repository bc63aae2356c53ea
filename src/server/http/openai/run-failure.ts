import type { StopReason } from '../../../contract/index.js';
import type { RunRecord } from '../../../store/index.js';
import { ApiError } from '../errors.js';

/** Runs that stopped on a limit, and the request fields (of either endpoint) that set that limit. */
const LIMIT_FIELDS: Partial<Record<StopReason, readonly string[]>> = {
  token_budget: ['budget_tokens', 'reasoning_effort', 'reasoning.effort'],
  max_steps: ['reasoning_effort', 'reasoning.effort'],
  time_limit: ['reasoning_effort', 'reasoning.effort'],
  answer_attempts: ['max_attempts'],
};

/**
 * A run that did not produce an answer, as the error `/v1` answers. None invites a retry that would
 * start the whole research again: 400 when a limit the request set (`budget_tokens`,
 * `reasoning_effort`, `max_attempts`) left no room for an answer, naming that field; 424 `run_failed`
 * for any other failure (model server unreachable, key refused, an engine fault), with the cause;
 * 409 for a run someone cancelled. Only a run cut off by a shutdown is a 503, which a retry fixes.
 * `fields` are the request's fields by their dotted names.
 */
export function runFailure(
  record: RunRecord,
  fields: Readonly<Record<string, unknown>>,
): ApiError | undefined {
  if (record.status === 'interrupted') {
    return new ApiError(
      'unavailable',
      'The research run was cut off by a server shutdown; send the request again.',
      {
        retryAfterSeconds: 5,
      },
    );
  }
  if (record.status === 'cancelled') return new ApiError('conflict', 'The research run was cancelled.');
  if (record.status !== 'failed') return undefined;
  const error = record.result?.error ?? record.error;
  const message = error?.message ?? 'The research run failed.';
  const stop = record.result?.stopReason;
  const field = stop
    ? LIMIT_FIELDS[stop]?.find((name) => fields[name] !== undefined && fields[name] !== null)
    : undefined;
  if (field) {
    return new ApiError(
      'invalid_request',
      `${message} The run was held to ${field} ${JSON.stringify(fields[field])}; give it more room.`,
      { field },
    );
  }
  const cause = error?.code ?? stop;
  return new ApiError('run_failed', `The research run failed${cause ? ` (${cause})` : ''}: ${message}`, {
    runId: record.id,
  });
}
