import { DeepResearchError, type ErrorKind } from '../errors.js';

/** Stable codes of `LlmError`; the engine branches on these. */
export type LlmErrorCode =
  | 'authentication'
  | 'invalid_output'
  | 'call_failed'
  | 'timeout'
  | 'aborted'
  | 'all_models_failed'
  | 'unreachable'
  | 'budget_exhausted';

const kinds: Record<LlmErrorCode, ErrorKind> = {
  authentication: 'user',
  invalid_output: 'system',
  call_failed: 'system',
  timeout: 'system',
  aborted: 'limit',
  all_models_failed: 'system',
  unreachable: 'system',
  budget_exhausted: 'limit',
};

/** A model call that did not produce a usable result, after retries and fallback. */
export class LlmError extends DeepResearchError {
  declare readonly code: LlmErrorCode;
  /** Model id (`provider:model`) of the last model tried. */
  readonly model: string;

  constructor(options: {
    code: LlmErrorCode;
    message: string;
    model: string;
    cause?: unknown;
    statusCode?: number;
    isRetryable?: boolean;
  }) {
    super({
      code: options.code,
      message: options.message,
      kind: kinds[options.code],
      cause: options.cause,
      statusCode: options.statusCode,
      isRetryable: options.isRetryable ?? false,
    });
    this.model = options.model;
  }
}

/** Whether `error` is an `LlmError` (use its `code` to branch). */
export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}
