import {
  configError,
  describeConfigError,
  highestTemperature,
  keyProviderOf,
  MODEL_KEYS,
  modelsOf,
  type ResearchConfig,
} from '../../config/index.js';
import { parseResearchConfig } from '../../config/schemas.js';
import { ConfigError } from '../../errors.js';
import { CONNECTION_OPTIONS } from '../../runs/index.js';
import { ApiError } from './errors.js';

/** What API clients may choose for their runs. */
export interface RunOptionsPolicy {
  /** The server's options (from its flags): the base every request's options are merged over. */
  defaults: ResearchConfig;
  /**
   * Models clients may choose besides the server's own (its model, role models and fallbacks):
   * exact ids, or `provider:*` for every model of a provider. Absent or empty: only the server's own.
   */
  allowedModels?: readonly string[];
  /**
   * Checks that a run with these options can start (model and search providers known, their keys
   * set); throws `ConfigError`, which becomes a 400 naming the field. Absent: no check (tests and
   * benchmarks whose runner needs no keys).
   */
  checkSetup?: (config: ResearchConfig) => Promise<void> | void;
  /** Ids of the corpora the operator registered (`serve --corpus`): what `corpora` may name. */
  corpusIds?: readonly string[];
  /** Highest temperature a client may ask for (`serve --max-temperature`); absent: any the options allow. */
  maxTemperature?: number;
}

/** Refuses a client's temperature above the operator's limit, naming the parameter and the limit. */
function checkTemperature(
  input: object,
  config: ResearchConfig,
  policy: RunOptionsPolicy,
  paramName: ParamName,
) {
  const limit = policy.maxTemperature;
  const highest = highestTemperature(config.temperature);
  if (!('temperature' in input) || limit === undefined || highest === undefined || highest <= limit) return;
  throw new ApiError(
    'invalid_request',
    `"${paramName('temperature')}" asks for a temperature of ${highest}, above ${limit}, the highest this server allows; ask for ${limit} or less.`,
    { field: paramName('temperature') },
  );
}

/** Options that name folders or embedding servers of the server's machine: never a client's to set. */
const FOLDER_OPTIONS = ['corpus', 'embedModel', 'embedBaseURL'] as const;

/** Options that name a program of the server's machine to run: never a client's, whatever the policy. */
const PROGRAM_OPTIONS = ['browser'] as const;

/** Refuses program options (`browser`): the operator chooses them with the server's flags. */
function checkPrograms(input: object, paramName: ParamName) {
  const named = PROGRAM_OPTIONS.find((key) => key in input);
  if (named) {
    throw new ApiError(
      'invalid_request',
      `"${paramName(named)}" names a program on the server's machine, which only its operator chooses (serve --${named}).`,
      { field: paramName(named) },
    );
  }
}

/** Refuses folder options whatever the policy, and corpus ids the server did not register. */
function checkCorpora(
  input: object,
  config: ResearchConfig | undefined,
  policy: RunOptionsPolicy,
  paramName: ParamName,
) {
  const named = FOLDER_OPTIONS.find((key) => key in input);
  if (named) {
    throw new ApiError(
      'invalid_request',
      `"${paramName(named)}" is set by the server's operator only; pick a registered corpus by id in "${paramName('corpora')}" (GET /api/corpora lists them).`,
      { field: paramName(named) },
    );
  }
  const known = policy.corpusIds ?? [];
  const unknown = (config?.corpora ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new ApiError(
      'invalid_request',
      `"${paramName('corpora')}" names ${unknown.map((id) => `"${id}"`).join(', ')}, which the server does not have; registered: ${known.join(', ') || 'none'}.`,
      { field: paramName('corpora') },
    );
  }
}

/** How an HTTP surface names an option in its requests: `options.maxSteps`, `budget_tokens`. */
export type ParamName = (key: string) => string;

/** The sessions API's names: `options.<key>`. */
export const sessionsParam: ParamName = (key) => `options.${key}`;

/** The models clients may name: the server's own, then the allowed ids and `provider:*` patterns. */
export function choosableModels(policy: RunOptionsPolicy): string[] {
  return [
    ...new Set([...modelsOf(policy.defaults).map((model) => model.id), ...(policy.allowedModels ?? [])]),
  ];
}

function isChoosable(model: string, choosable: readonly string[]): boolean {
  return choosable.some(
    (entry) => entry === model || (entry.endsWith(':*') && model.startsWith(entry.slice(0, -1))),
  );
}

/**
 * Whether clients may set an option: never a folder, program or connection option. Those are the
 * operator's: a run executes with the operator's as they are when it starts (a client's key could
 * not be kept until then: it is never stored).
 */
function settable(key: string): boolean {
  return ![...FOLDER_OPTIONS, ...PROGRAM_OPTIONS, ...CONNECTION_OPTIONS].some((option) => option === key);
}

/**
 * A `ConfigError` as a 400 in an HTTP surface's words: the place is the request parameter
 * (`paramName(key)`), a missing key or instance is the server's to set (never a flag to pass), a
 * model that cannot be used lists those that can, and an unknown option lists only the options
 * clients may set.
 */
export function apiConfigError(error: ConfigError, policy: RunOptionsPolicy, paramName: ParamName): ApiError {
  const [root = '', ...rest] = (error.key ?? '').split('.');
  // No key: the options object as a whole (the sessions API's "options").
  const param = error.param ?? (root ? [paramName(root), ...rest].join('.') : 'options');
  const isModel = (MODEL_KEYS as readonly string[]).includes(root);
  const known =
    error.problem === 'missing_api_key' && isModel
      ? { known: choosableModels(policy) }
      : error.problem === 'unknown_option'
        ? { known: (error.known ?? []).filter(settable) }
        : {};
  const message = describeConfigError(
    { ...error.details(), ...known, message: error.message },
    { place: `"${param}"`, variableOwner: 'server' },
  );
  return new ApiError('invalid_request', message, { field: param, cause: error });
}

/**
 * Runs the policy's setup check on resolved options; a `ConfigError` becomes a 400 naming the
 * parameter, so a run that could never work is refused instead of accepted and failed.
 */
export async function checkRunSetup(
  config: ResearchConfig,
  policy: RunOptionsPolicy,
  paramName: ParamName = sessionsParam,
): Promise<void> {
  if (!policy.checkSetup) return;
  try {
    await policy.checkSetup(config);
  } catch (error) {
    if (error instanceof ConfigError) throw apiConfigError(error, policy, paramName);
    throw error;
  }
}

/**
 * Validates a client's partial options merged over the server's defaults. The operator's key and
 * base URL stay bound to the provider they were configured for (`keyProvider`), whatever model the
 * client names; a client may only name the server's models or allowed ones, and never a connection option. Errors are 400s naming
 * the parameter (`options.tokenBudget` by default).
 */
export function resolveRunOptions(
  input: unknown,
  policy: RunOptionsPolicy,
  paramName: ParamName = sessionsParam,
): ResearchConfig {
  const fail = (error: ConfigError) => apiConfigError(error, policy, paramName);
  if (input === undefined || input === null) return policy.defaults;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw fail(configError({ key: '', expected: 'an object of research options', received: input }));
  }
  checkCorpora(input, undefined, policy, paramName);
  // The operator's --no-compute holds: a client may turn compute off, never back on.
  if (!policy.defaults.compute && (input as { compute?: unknown }).compute === true)
    throw fail(configError({ problem: 'operator_only', key: 'compute' }));
  checkPrograms(input, paramName);
  const refused = CONNECTION_OPTIONS.find((key) => key in input);
  if (refused) throw fail(configError({ problem: 'operator_only', key: refused }));
  let config: ResearchConfig;
  try {
    config = parseResearchConfig({ ...policy.defaults, ...input });
  } catch (error) {
    if (error instanceof ConfigError) throw fail(error);
    throw error;
  }
  checkCorpora({}, config, policy, paramName);
  checkTemperature(input, config, policy, paramName);
  const keyProvider = keyProviderOf(policy.defaults);
  const choosable = choosableModels(policy);
  for (const { key, id } of modelsOf(config)) {
    if (!isChoosable(id, choosable)) {
      throw fail(configError({ problem: 'not_allowed', key, received: id, known: choosable }));
    }
  }
  return { ...config, keyProvider };
}
