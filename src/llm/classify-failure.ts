import { APICallError, RetryError } from 'ai';
import { describeError } from '../errors.js';
import { LlmError } from './errors.js';
import { retryAfterMs } from './retry-after.js';

/** What one failed attempt means for the retry loop and the fallback chain. */
export interface AttemptFailure {
  error: LlmError;
  /** Try the same model again after a backoff (429, 5xx, network errors). */
  retry: boolean;
  /** Moving to the next model may help (false for authentication and caller aborts). */
  fallback: boolean;
  /** What the server asked us to wait, in milliseconds. */
  retryAfterMs: number | undefined;
}

/**
 * Turns anything an attempt threw into an `AttemptFailure`. Whether the attempt timed out or was
 * cancelled is told by the signals, not guessed from the error.
 */
export function classifyFailure(options: {
  error: unknown;
  model: string;
  apiKeyVariable: string | undefined;
  timeoutMs: number;
  timedOut: boolean;
  aborted: boolean;
  now?: number;
}): AttemptFailure {
  const { model } = options;
  const cause = RetryError.isInstance(options.error) ? options.error.lastError : options.error;
  if (options.aborted) {
    const error = new LlmError({
      code: 'aborted',
      message: `The call to ${model} was cancelled.`,
      model,
      cause,
    });
    return { error, retry: false, fallback: false, retryAfterMs: undefined };
  }
  if (options.timedOut) {
    const message = `${model} did not answer within ${options.timeoutMs} ms.`;
    // A model that hung once is likely to hang again: move on to the next model instead of retrying.
    const error = new LlmError({ code: 'timeout', message, model, cause, isRetryable: true });
    return { error, retry: false, fallback: true, retryAfterMs: undefined };
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403) {
      const check = options.apiKeyVariable
        ? `Check ${options.apiKeyVariable} or --api-key.`
        : 'Check the API key.';
      const message = `Authentication failed for ${model} (HTTP ${status}). ${check}`;
      const error = new LlmError({ code: 'authentication', message, model, cause, statusCode: status });
      return { error, retry: false, fallback: false, retryAfterMs: undefined };
    }
    const retry = cause.isRetryable || status === 429 || (status !== undefined && status >= 500);
    const what = status === undefined ? 'could not be reached' : `answered HTTP ${status}`;
    const message = `${model} ${what}: ${cause.message}`;
    const error = new LlmError({
      code: 'call_failed',
      message,
      model,
      cause,
      statusCode: status,
      isRetryable: retry,
    });
    return { error, retry, fallback: true, retryAfterMs: retryAfterMs(cause.responseHeaders, options.now) };
  }
  // fetch() rejects with a TypeError when the connection fails: a network error, worth a retry.
  const network = cause instanceof TypeError && /fetch|network|socket|connect/i.test(cause.message);
  const message = `${model} failed: ${describeError(cause).message}`;
  const error = new LlmError({ code: 'call_failed', message, model, cause, isRetryable: network });
  return { error, retry: network, fallback: true, retryAfterMs: undefined };
}
