import { DeepResearchError, type ErrorKind } from '../errors.js';

/** Why an export was not made; callers branch on this, never on the message. */
export type ExportErrorCode = 'export_busy' | 'export_timeout' | 'export_failed';

const KINDS: Record<ExportErrorCode, ErrorKind> = {
  export_busy: 'limit',
  export_timeout: 'limit',
  export_failed: 'system',
};

/** Whose renders filled up when an export was refused: the client's own, or the server's. */
export type ExportLimitScope = 'client' | 'server';

/** What `ExportError` takes. */
export interface ExportErrorOptions {
  code: ExportErrorCode;
  message: string;
  cause?: unknown;
  /** `export_busy`: seconds after which a render is likely to be free. */
  retryAfterSeconds?: number;
  /** `export_busy`: the limit that was reached. */
  scope?: ExportLimitScope;
}

/** An export refused (too many renders under way), stopped (too long) or failed. */
export class ExportError extends DeepResearchError {
  override readonly code: ExportErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly scope: ExportLimitScope | undefined;
  constructor(options: ExportErrorOptions) {
    super({
      code: options.code,
      message: options.message,
      kind: KINDS[options.code],
      cause: options.cause,
      isRetryable: options.code === 'export_busy',
    });
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.scope = options.scope;
  }
}
