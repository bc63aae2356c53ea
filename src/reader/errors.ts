import { DeepResearchError, type ErrorKind } from '../errors.js';

/** Why a read failed; callers branch on this, never on the message. */
export type ReaderErrorCode =
  | 'blocked_address'
  | 'invalid_url'
  | 'http_error'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'unsupported_content'
  | 'dns_error'
  | 'network_error'
  | 'decode_error'
  | 'extract_failed'
  | 'extract_timeout'
  | 'not_found'
  | 'invalid_pattern'
  | 'empty'
  | 'browser_unavailable'
  | 'browser_failed';

/** Whose problem each code is: the user's input, a fault outside our control, or a cap reached. */
const kindOfCode: Record<ReaderErrorCode, ErrorKind> = {
  blocked_address: 'user',
  invalid_url: 'user',
  http_error: 'system',
  too_large: 'limit',
  timeout: 'limit',
  too_many_redirects: 'limit',
  unsupported_content: 'system',
  dns_error: 'system',
  network_error: 'system',
  decode_error: 'system',
  extract_failed: 'system',
  extract_timeout: 'limit',
  not_found: 'user',
  invalid_pattern: 'user',
  empty: 'user',
  browser_unavailable: 'user',
  browser_failed: 'system',
};

export interface ReaderErrorOptions {
  code: ReaderErrorCode;
  message: string;
  cause?: unknown;
  /** HTTP status of the page, for `http_error`. */
  statusCode?: number;
  /** The URL (or file path) being read when it failed. */
  url?: string;
  isRetryable?: boolean;
}

/** A page, PDF or file could not be read. */
export class ReaderError extends DeepResearchError {
  declare readonly code: ReaderErrorCode;
  /** The URL (or file path) being read when it failed. */
  readonly url: string | undefined;

  constructor(options: ReaderErrorOptions) {
    super({
      code: options.code,
      message: options.message,
      kind: kindOfCode[options.code],
      cause: options.cause,
      statusCode: options.statusCode,
      isRetryable: options.isRetryable ?? false,
    });
    this.url = options.url;
  }
}

/** Whether a thrown value is a `ReaderError`, optionally with one given code. */
export function isReaderError(error: unknown, code?: ReaderErrorCode): error is ReaderError {
  return error instanceof ReaderError && (code === undefined || error.code === code);
}
