import type { LanguageModel } from 'ai';
import { ConfigError, UnknownIdError } from '../errors.js';
import { type Environment, loadApiKey, readVariable } from './env.js';
import {
  type CreateModelOptions,
  knownModelProviders,
  type ModelProviderDefinition,
  modelProviders,
} from './providers/index.js';

/** A `provider:model` id split into its parts. */
export interface ParsedModelId {
  provider: string;
  modelName: string;
}

/** Splits `provider:model`; throws `ConfigError` when the id has no provider or no model. */
export function parseModelId(id: string): ParsedModelId {
  const separator = id.indexOf(':');
  if (separator <= 0 || separator === id.length - 1) {
    throw new ConfigError(`Model id "${id}" is not "provider:model", e.g. "openai:gpt-4o-mini".`, {
      field: 'model',
    });
  }
  return { provider: id.slice(0, separator), modelName: id.slice(separator + 1) };
}

/** The registry entry of a model id's provider; unknown providers throw `UnknownIdError`. */
export function providerOf(id: string): ModelProviderDefinition {
  const { provider } = parseModelId(id);
  const definition = modelProviders[provider];
  if (!definition)
    throw new UnknownIdError({ what: 'model provider', id: provider, known: knownModelProviders });
  return definition;
}

/** Where `resolveLanguageModel` gets keys, URLs and fetch from. */
export interface ResolveModelOptions {
  /** Environment to read keys and URLs from (default `process.env`), read now, not at import. */
  env?: Environment;
  fetch?: typeof fetch;
  /** Base URL for providers that accept one (openai, openai-compatible, ollama); others ignore it. */
  baseURL?: string;
  /** API key; default from the provider's env variable. */
  apiKey?: string;
  /** How a missing key can be passed, for the error (default `--api-key`; `null`: only the variable). */
  apiKeyFlag?: string | null;
  /** Added to a missing-key error, e.g. which provider `--api-key` belongs to. */
  apiKeyNote?: string;
}

/**
 * The registry entry of a model id's provider and what its factories need: model name, key (from
 * the options or the provider's variable) and base URL (from the options, the provider's variable
 * or its default). Throws `UnknownIdError` and `MissingApiKeyError` like `resolveLanguageModel`.
 */
export function resolveProviderOptions(
  id: string,
  options: ResolveModelOptions = {},
): { definition: ModelProviderDefinition; create: CreateModelOptions } {
  const definition = providerOf(id);
  const { modelName } = parseModelId(id);
  const env = options.env ?? process.env;
  const apiKey = loadApiKey({
    apiKey: options.apiKey,
    env,
    variable: definition.apiKeyVariable,
    provider: definition.id,
    required: definition.apiKeyRequired,
    flag: options.apiKeyFlag,
    note: options.apiKeyNote,
  });
  const userBaseURL = definition.acceptsBaseURL
    ? (options.baseURL ??
      (definition.baseURLVariable ? readVariable(env, definition.baseURLVariable) : undefined))
    : undefined;
  return {
    definition,
    create: { modelName, apiKey, baseURL: userBaseURL ?? definition.defaultBaseURL, fetch: options.fetch },
  };
}

/**
 * Creates the AI SDK language model for `provider:model`. Throws `UnknownIdError` for an unknown
 * provider, `MissingApiKeyError` naming the variable when a required key is missing, and
 * `ConfigError` when openai-compatible has no base URL.
 */
export function resolveLanguageModel(id: string, options: ResolveModelOptions = {}): LanguageModel {
  const { definition, create } = resolveProviderOptions(id, options);
  return definition.create(create);
}
