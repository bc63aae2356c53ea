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

/**
 * What is wrong with a configuration value, so each surface can word it its own way:
 * - `invalid_value`: the value is not allowed (`expected`, `received`);
 * - `unknown_option`: `key` is not an option (`known` lists those that are);
 * - `missing_api_key` / `missing_base_url`: `provider` needs `variable`, which is not set;
 * - `not_allowed`: the value is valid but this server does not allow it (`known` lists what it allows);
 * - `operator_only`: only the server's operator may set `key`, not an API client;
 * - `usage`: anything else (a missing argument, a file that cannot be read); only `message` says it.
 */
export type ConfigProblem =
  | 'invalid_value'
  | 'unknown_option'
  | 'missing_api_key'
  | 'missing_base_url'
  | 'not_allowed'
  | 'operator_only'
  | 'usage';

/** Where a configuration value came from; at most one is set. */
export interface ConfigOrigin {
  /** Command-line flag, e.g. `--max-steps`. */
  flag?: string;
  /** Environment variable, e.g. `DEEPRESEARCH_MAX_STEPS`. */
  env?: string;
  /** Config file path (the key is `key`). */
  file?: string;
  /** Request parameter of an HTTP surface, e.g. `budget_tokens` or `options.maxSteps`. */
  param?: string;
}

/** The structured fields of a `ConfigError`. */
export interface ConfigErrorDetails extends ConfigOrigin {
  problem?: ConfigProblem;
  /** Options key at fault (dotted for an item, e.g. `allowHosts.1`), e.g. `maxSteps`. */
  key?: string;
  /** What is allowed, as the words after "must be", e.g. `a positive whole number`. */
  expected?: string;
  /** The value as given (a string from a flag or variable, any JSON value from a file or request). */
  received?: unknown;
  /** The provider that needs `variable` (missing_api_key, missing_base_url), e.g. `anthropic`. */
  provider?: string;
  /** The variable that would fix it, e.g. `ANTHROPIC_API_KEY`. */
  variable?: string;
  /** The option that could supply what is missing (`apiKey`, `baseURL`, `searxngUrl`), if one can. */
  setting?: string;
  /** The provider the configured `apiKey` belongs to, when it is not `provider` (so it cannot help). */
  keyProvider?: string;
  /** Known options (unknown_option), allowed values (not_allowed), or providers needing no key. */
  known?: readonly string[];
  cause?: unknown;
}

/**
 * Invalid flags, config file values, environment values or request fields. The fields say what and
 * where; `message` is a neutral wording for library users, and every surface (CLI, sessions API,
 * OpenAI endpoint) words the fields its own way.
 */
export class ConfigError extends DeepResearchError {
  readonly problem: ConfigProblem;
  readonly key: string | undefined;
  readonly expected: string | undefined;
  readonly received: unknown;
  readonly provider: string | undefined;
  readonly variable: string | undefined;
  readonly setting: string | undefined;
  readonly keyProvider: string | undefined;
  readonly known: readonly string[] | undefined;
  readonly flag: string | undefined;
  readonly env: string | undefined;
  readonly file: string | undefined;
  readonly param: string | undefined;

  constructor(message: string, details: ConfigErrorDetails = {}) {
    super({ code: 'invalid_config', message, kind: 'user', cause: details.cause });
    this.problem = details.problem ?? (details.expected !== undefined ? 'invalid_value' : 'usage');
    this.key = details.key;
    this.expected = details.expected;
    this.received = details.received;
    this.provider = details.provider;
    this.variable = details.variable;
    this.setting = details.setting;
    this.keyProvider = details.keyProvider;
    this.known = details.known;
    this.flag = details.flag;
    this.env = details.env;
    this.file = details.file;
    this.param = details.param;
  }

  /** The structured fields, e.g. to build the same error with another origin. */
  details(): ConfigErrorDetails {
    const { problem, key, expected, received, provider, variable, setting, keyProvider, known } = this;
    const { flag, env, file, param } = this;
    return {
      problem,
      key,
      expected,
      received,
      provider,
      variable,
      setting,
      keyProvider,
      known,
      flag,
      env,
      file,
      param,
    };
  }
}

/**
 * A required API key is missing. `setting` is the option that could carry it (`apiKey` for models
 * of the provider the configured key belongs to), absent when only the variable can (search keys,
 * models of another provider).
 */
export class MissingApiKeyError extends DeepResearchError {
  readonly provider: string;
  readonly variable: string;
  readonly setting: string | undefined;
  readonly keyProvider: string | undefined;
  constructor(options: { provider: string; variable: string; setting?: string; keyProvider?: string }) {
    const how = options.setting ? `set it or pass the "${options.setting}" option` : 'set it';
    super({
      code: 'missing_api_key',
      kind: 'user',
      message: `${options.variable} is not set; ${how} to use ${options.provider}.`,
    });
    this.provider = options.provider;
    this.variable = options.variable;
    this.setting = options.setting;
    this.keyProvider = options.keyProvider;
  }
}

/** A name that should be in a registry (model provider, search provider...) is not. */
export class UnknownIdError extends DeepResearchError {
  readonly what: string;
  readonly id: string;
  readonly known: readonly string[];
  constructor(options: { what: string; id: string; known: readonly string[] }) {
    super({
      code: 'unknown_id',
      kind: 'user',
      message: `Unknown ${options.what} "${options.id}". Known: ${options.known.join(', ')}.`,
    });
    this.what = options.what;
    this.id = options.id;
    this.known = options.known;
  }
}

/**
 * An optional feature's package is not installed: the lean install leaves out what only PDF and
 * DOCX exports, `--browser` and Postgres need. The message names the command that installs it.
 */
export class MissingPackageError extends DeepResearchError {
  /** What needs the packages, e.g. "PDF export". */
  readonly feature: string;
  /** npm names of the packages that are missing. */
  readonly packages: readonly string[];
  constructor(options: { feature: string; packages: readonly string[] }) {
    const names = options.packages.join(' ');
    super({
      code: 'missing_package',
      kind: 'user',
      message: `${options.feature} needs ${options.packages.length === 1 ? 'the package' : 'the packages'} ${options.packages.join(' and ')}, which ${options.packages.length === 1 ? 'is' : 'are'} not installed (an optional feature). Install ${options.packages.length === 1 ? 'it' : 'them'} where deepresearch is installed: npm install ${names} (npm install -g ${names} for a global deepresearch).`,
    });
    this.feature = options.feature;
    this.packages = options.packages;
  }
}

/**
 * A person's input that cannot be applied (an answer to a run's clarifying questions or its plan
 * review): `field` names the part at fault (`answers[1]`). Here, beside the other typed errors, so
 * a server maps it to 400 without loading the engine that asked.
 */
export class InputError extends DeepResearchError {
  override readonly code = 'invalid_input';
  /** Dotted path of the field at fault, e.g. `subQuestions[2].text`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super({ code: 'invalid_input', kind: 'user', message });
    this.field = field;
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
