import type { LanguageModel } from 'ai';
import type { ModelProviderId } from '../contract/index.js';
import { ConfigError, UnknownIdError } from '../errors.js';
import { checkOptionalPackages, type ResolvePackage } from '../shared/index.js';
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
      key: 'model',
      expected: 'a model id "provider:model", e.g. "openai:gpt-4o-mini"',
      received: id,
    });
  }
  return { provider: id.slice(0, separator), modelName: id.slice(separator + 1) };
}

/** The registry entry of a model id's provider; unknown providers throw `UnknownIdError`. */
export function providerOf(id: string): ModelProviderDefinition {
  const { provider } = parseModelId(id);
  const definition = (knownModelProviders as readonly string[]).includes(provider)
    ? modelProviders[provider as ModelProviderId]
    : undefined;
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
  /**
   * The provider the configured `apiKey` and `baseURL` belong to, when it is not this model's: then
   * neither was passed, and a missing key can only come from the provider's own variable.
   */
  keyProvider?: string;
  /** Finds an optional package (default: as `import()` would); tests report one missing. */
  resolvePackage?: ResolvePackage;
}

/**
 * The registry entry of a model id's provider and what its factories need: model name, key (from
 * the options or the provider's variable) and base URL (from the options, the provider's variable
 * or its default). Throws `UnknownIdError`, `MissingApiKeyError` and `MissingPackageError` like
 * `resolveLanguageModel`.
 */
export function resolveProviderOptions(
  id: string,
  options: ResolveModelOptions = {},
): { definition: ModelProviderDefinition; create: CreateModelOptions } {
  const definition = providerOf(id);
  const { modelName } = parseModelId(id);
  if (definition.optionalPackages) {
    checkOptionalPackages({ ...definition.optionalPackages, resolve: options.resolvePackage });
  }
  const env = options.env ?? process.env;
  const apiKey = loadApiKey({
    apiKey: options.apiKey,
    env,
    variable: definition.apiKeyVariable,
    provider: definition.id,
    required: definition.apiKeyRequired,
    ...(options.keyProvider ? { keyProvider: options.keyProvider } : { setting: 'apiKey' }),
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
 * provider, `MissingApiKeyError` naming the variable when a required key is missing,
 * `MissingPackageError` naming the install command when the provider's optional package is not
 * installed (`@ai-sdk/anthropic`, `@ai-sdk/google`), and `ConfigError` when openai-compatible has no
 * base URL.
 */
export function resolveLanguageModel(id: string, options: ResolveModelOptions = {}): LanguageModel {
  const { definition, create } = resolveProviderOptions(id, options);
  return definition.create(create);
}
