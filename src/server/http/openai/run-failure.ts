import type { StopReason } from '../../../contract/index.js';
import type { RunRecord } from '../../../store/index.js';
import { ApiError } from '../errors.js';
import type { ChatCompletionRequest } from './request.js';

/** Runs that stopped on a limit, and the request fields that set that limit. */
const LIMIT_FIELDS: Partial<Record<StopReason, readonly (keyof ChatCompletionRequest)[]>> = {
  token_budget: ['budget_tokens', 'reasoning_effort'],
  max_steps: ['reasoning_effort'],
  time_limit: ['reasoning_effort'],
  answer_attempts: ['max_attempts'],
};

/** Stop reasons and error codes of a model server (or its key) failing: not the client's doing. */
const UPSTREAM_STOPS: readonly string[] = ['authentication', 'model_unreachable'];
const UPSTREAM_CODES: readonly string[] = [
  'authentication',
  'unreachable',
  'call_failed',
  'timeout',
  'all_models_failed',
  'invalid_output',
];

/**
 * A run that did not produce an answer, as the error `/v1` answers: 400 when a limit the request set
 * (`budget_tokens`, `reasoning_effort`, `max_attempts`) left no room for an answer, naming that
 * field; 502 when the model server failed (unreachable, refused key, broken answers); 503 for a run
 * cancelled or cut off by a shutdown; 500 only for what is left.
 */
export function runFailure(record: RunRecord, request: ChatCompletionRequest): ApiError | undefined {
  if (record.status === 'interrupted' || record.status === 'cancelled') {
    return new ApiError('unavailable', `The research run was ${record.status}.`);
  }
  if (record.status !== 'failed') return undefined;
  const error = record.result?.error ?? record.error;
  const message = error?.message ?? 'The research run failed.';
  const stop = record.result?.stopReason;
  if ((stop && UPSTREAM_STOPS.includes(stop)) || (error && UPSTREAM_CODES.includes(error.code))) {
    return new ApiError('bad_gateway', message);
  }
  const field = stop
    ? LIMIT_FIELDS[stop]?.find((name) => request[name] !== undefined && request[name] !== null)
    : undefined;
  if (field) {
    return new ApiError(
      'invalid_request',
      `${message} The run was held to ${field} ${JSON.stringify(request[field])}; give it more room.`,
      { field },
    );
  }
  return new ApiError('internal', message);
}
