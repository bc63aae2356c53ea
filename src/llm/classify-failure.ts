import { APICallError, RetryError } from 'ai';
import { describeError } from '../errors.js';
import { blockedPortOf } from './blocked-ports.js';
import { LlmError } from './errors.js';
import { retryAfterMs } from './retry-after.js';
import type { FixedBy } from './settings.js';

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
  /** Who the fix is told to (default `user`: the flags are named). */
  fixedBy?: FixedBy;
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
  // A port fetch refuses is never reached, however often it is tried: no retry.
  const blockedPort =
    APICallError.isInstance(cause) && cause.statusCode === undefined ? blockedPortOf(cause.url) : undefined;
  const unreachable =
    unreachableReason(cause) ??
    (blockedPort === undefined ? undefined : `port ${blockedPort} is one that fetch refuses to connect to`);
  if (unreachable) {
    const where = APICallError.isInstance(cause) ? ` at ${originOf(cause.url)}` : '';
    const fix =
      options.fixedBy === 'operator'
        ? "The server's operator can start it or correct its address."
        : "Start the server, or fix its address with --base-url or the provider's base URL variable.";
    const message = `Cannot reach the model server of ${model}${where} (${unreachable}). ${fix}`;
    const retry = blockedPort === undefined;
    const error = new LlmError({ code: 'unreachable', message, model, cause, isRetryable: retry });
    return { error, retry, fallback: true, retryAfterMs: undefined };
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403) {
      const check =
        options.fixedBy === 'operator'
          ? `The server's key for it${options.apiKeyVariable ? ` (${options.apiKeyVariable})` : ''} was refused; the server's operator can fix it.`
          : options.apiKeyVariable
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

/** Network error codes that mean nothing is listening at the model's address, or the name does not resolve. */
const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** Why the model's server could not be reached, read from the error's `code` or its causes'. */
function unreachableReason(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES[code]) return UNREACHABLE_CODES[code];
    // AggregateError (one error per address tried) keeps its causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const inner = errors.map(unreachableReason).find((reason) => reason !== undefined);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The scheme, host and port of a URL, without path or query (which may carry keys). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'its address';
  }
}
