import { parseResearchConfig, type ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { ApiError } from './errors.js';

/** What API clients may choose for their runs. */
export interface RunOptionsPolicy {
  /** The server's options (from its flags): the base every request's options are merged over. */
  defaults: ResearchConfig;
  /** Model ids clients may ask for, besides the server's own models; empty or absent: any. */
  allowedModels?: readonly string[];
  /**
   * Whether clients may set where the server connects and with which key (apiKey, baseURL,
   * searxngUrl, allowHosts). Off by default: those would let a client point the server at
   * internal hosts or spend someone else's key.
   */
  allowConnectionOptions?: boolean;
  /**
   * Checks that a run with these options can start (model and search providers known, their keys
   * set); throws `ConfigError`, which becomes a 400 naming the field. Absent: no check (tests and
   * benchmarks whose runner needs no keys).
   */
  checkSetup?: (config: ResearchConfig) => Promise<void> | void;
}

/** Options only the operator sets, with the flag that sets them. */
const CONNECTION_OPTIONS: Record<string, string> = {
  apiKey: '--api-key',
  baseURL: '--base-url',
  searxngUrl: '--searxng-url',
  allowHosts: '--allow-host',
};

function modelsOf(config: ResearchConfig): string[] {
  return [
    config.model,
    config.plannerModel,
    config.extractorModel,
    config.evaluatorModel,
    config.writerModel,
    ...config.fallbackModels,
  ].filter((model): model is string => model !== undefined);
}

/**
 * Runs the policy's setup check on resolved options; a `ConfigError` becomes a 400 naming the field
 * as `<prefix>.<field>`, so a run that could never work is refused instead of accepted and failed.
 */
export async function checkRunSetup(
  config: ResearchConfig,
  policy: RunOptionsPolicy,
  prefix = 'options',
): Promise<void> {
  if (!policy.checkSetup) return;
  try {
    await policy.checkSetup(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      const field = error.field ? `${prefix}.${error.field}` : prefix;
      throw new ApiError('invalid_request', error.message, { field });
    }
    throw error;
  }
}

/**
 * Validates a client's partial options merged over the server's defaults. Errors are 400s naming
 * the field as `<prefix>.<field>` (e.g. `options.tokenBudget`).
 */
export function resolveRunOptions(
  input: unknown,
  policy: RunOptionsPolicy,
  prefix = 'options',
): ResearchConfig {
  if (input === undefined || input === null) return policy.defaults;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ApiError('invalid_request', `"${prefix}" must be an object of research options.`, {
      field: prefix,
    });
  }
  if (!policy.allowConnectionOptions) {
    for (const [field, flag] of Object.entries(CONNECTION_OPTIONS)) {
      if (field in input) {
        throw new ApiError(
          'invalid_request',
          `"${prefix}.${field}" cannot be set by API clients; the server operator sets it with ${flag}.`,
          { field: `${prefix}.${field}` },
        );
      }
    }
  }
  let config: ResearchConfig;
  try {
    config = parseResearchConfig({ ...policy.defaults, ...input }, `"${prefix}"`);
  } catch (error) {
    if (error instanceof ConfigError) {
      const field = error.field ? `${prefix}.${error.field}` : prefix;
      throw new ApiError('invalid_request', error.message, { field });
    }
    throw error;
  }
  if (policy.allowedModels && policy.allowedModels.length > 0) {
    const allowed = new Set([...policy.allowedModels, ...modelsOf(policy.defaults)]);
    for (const model of modelsOf(config)) {
      if (!allowed.has(model)) {
        throw new ApiError(
          'invalid_request',
          `Model "${model}" is not allowed on this server. Allowed: ${[...allowed].join(', ')}.`,
          { field: `${prefix}.model` },
        );
      }
    }
  }
  return config;
}
