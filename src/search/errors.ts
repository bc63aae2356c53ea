import { DeepResearchError, type ErrorKind } from '../errors.js';

/**
 * Why a search failed. `missing_api_key` is thrown as `MissingApiKeyError` (src/errors.ts), which
 * carries the same code; the others are `SearchError`s.
 */
export type SearchErrorCode =
  | 'authentication'
  | 'quota_exceeded'
  | 'rate_limited'
  | 'http_error'
  | 'invalid_response'
  | 'timeout'
  | 'network_error'
  | 'missing_api_key';

const kindOfCode: Record<SearchErrorCode, ErrorKind> = {
  authentication: 'user',
  missing_api_key: 'user',
  quota_exceeded: 'limit',
  rate_limited: 'limit',
  http_error: 'system',
  invalid_response: 'system',
  timeout: 'system',
  network_error: 'system',
};

/** Fields of a `SearchError`; `isRetryable` defaults from the code and status. */
export interface SearchErrorOptions {
  code: SearchErrorCode;
  /** Id of the provider that failed, e.g. `brave`. */
  provider: string;
  message: string;
  statusCode?: number;
  /** How long the provider asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  isRetryable?: boolean;
  cause?: unknown;
}

/** A search provider failed; `code` says why and `provider` says which one. */
export class SearchError extends DeepResearchError {
  declare readonly code: SearchErrorCode;
  readonly provider: string;
  /** How long the provider asked us to wait before retrying, in milliseconds, when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(options: SearchErrorOptions) {
    super({
      code: options.code,
      message: options.message,
      kind: kindOfCode[options.code],
      cause: options.cause,
      statusCode: options.statusCode,
      isRetryable:
        options.isRetryable ??
        (['rate_limited', 'timeout', 'network_error'].includes(options.code) ||
          (options.statusCode !== undefined && options.statusCode >= 500)),
    });
    this.provider = options.provider;
    this.retryAfterMs = options.retryAfterMs;
  }
}
