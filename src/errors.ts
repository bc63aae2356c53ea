/**
 * Typed errors shared by every capability. Each has a stable `code` and a `kind` that says whose
 * problem it is: the user's input (`user`), a fault outside our control (`system`), or a limit
 * that was reached on purpose (`limit`). Callers branch on `code`, never on `message`.
 */
export type ErrorKind = 'user' | 'system' | 'limit';

export interface DeepResearchErrorOptions {
  code: string;
  message: string;
  kind?: ErrorKind;
  cause?: unknown;
  /** Whether trying the same thing again may succeed. */
  isRetryable?: boolean;
  /** HTTP status of the upstream answer, when there was one. */
  statusCode?: number;
}

export class DeepResearchError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly isRetryable: boolean;
  readonly statusCode: number | undefined;

  constructor(options: DeepResearchErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.kind = options.kind ?? 'system';
    this.isRetryable = options.isRetryable ?? false;
    this.statusCode = options.statusCode;
  }
}

/** Invalid flags, config file values, environment values or request fields. */
export class ConfigError extends DeepResearchError {
  /** Dotted path of the offending option, e.g. `tokenBudget`. */
  readonly field: string | undefined;
  constructor(message: string, options: { field?: string; cause?: unknown } = {}) {
    super({ code: 'invalid_config', message, kind: 'user', cause: options.cause });
    this.field = options.field;
  }
}

/**
 * A required API key is missing; the message names the variable and, when one applies, the flag
 * (`flag: null` when no flag can supply this key, e.g. `--api-key` belongs to another provider).
 */
export class MissingApiKeyError extends DeepResearchError {
  readonly variable: string;
  constructor(options: { provider: string; variable: string; flag?: string | null; note?: string }) {
    const flag = options.flag === undefined ? '--api-key' : options.flag;
    const how = flag === null ? `set ${options.variable}` : `pass ${flag} or set ${options.variable}`;
    const note = options.note ? ` ${options.note}` : '';
    super({
      code: 'missing_api_key',
      kind: 'user',
      message: `${options.variable} is not set; ${how} to use ${options.provider}.${note}`,
    });
    this.variable = options.variable;
  }
}

/** A name that should be in a registry (model provider, search provider...) is not. */
export class UnknownIdError extends DeepResearchError {
  constructor(options: { what: string; id: string; known: readonly string[] }) {
    super({
      code: 'unknown_id',
      kind: 'user',
      message: `Unknown ${options.what} "${options.id}". Known: ${options.known.join(', ')}.`,
    });
  }
}

export function isDeepResearchError(error: unknown): error is DeepResearchError {
  return error instanceof DeepResearchError;
}

/** A short, stack-free description of any thrown value, safe to put in an event. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof DeepResearchError) return { code: error.code, message: error.message };
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { code: 'aborted', message: 'The operation was cancelled.' };
    return { code: 'internal', message: error.message };
  }
  return { code: 'internal', message: String(error) };
}
