import { configError, modelsOf, type ResearchConfig } from '../config/index.js';
import { ConfigError, MissingApiKeyError, UnknownIdError } from '../errors.js';
import type { ResolvePackage } from '../shared/index.js';
import type { Environment } from './env.js';
import { connectionForModel } from './model-key.js';
import { resolveLanguageModel } from './resolve-model.js';

/**
 * Resolves every configured model the way a run will (provider known, key present, base URL
 * given) without calling any, so a mistake is reported before work starts. Throws `ConfigError`
 * with the option that names the model as `key` and the model id as `received`: an unknown provider
 * is an `invalid_value`, a missing key a `missing_api_key` naming the variable (and, when the
 * configured key belongs to another provider, that provider as `keyProvider`).
 * A provider whose optional package is not installed throws `MissingPackageError` naming the
 * install command. Models in `injected` (ready-made language models) are not checked.
 */
export function checkModels(
  config: ResearchConfig,
  options: { env?: Environment; injected?: ReadonlySet<string>; resolvePackage?: ResolvePackage } = {},
): void {
  for (const { key, id } of modelsOf(config)) {
    if (options.injected?.has(id)) continue;
    try {
      resolveLanguageModel(id, {
        env: options.env ?? process.env,
        resolvePackage: options.resolvePackage,
        ...connectionForModel(config, id),
      });
    } catch (error) {
      throw asConfigError(error, key, id, connectionForModel(config, id).keyProvider);
    }
  }
}

/** `keyProvider`: the provider the configured key and base URL belong to, when not this model's. */
function asConfigError(error: unknown, key: string, id: string, keyProvider: string | undefined): unknown {
  if (error instanceof UnknownIdError) {
    return configError({
      key,
      expected: `a model of a known provider (${error.known.join(', ')})`,
      received: id,
      cause: error,
    });
  }
  if (error instanceof MissingApiKeyError) {
    return configError({
      problem: 'missing_api_key',
      key,
      received: id,
      provider: error.provider,
      variable: error.variable,
      setting: error.setting,
      keyProvider: error.keyProvider,
      cause: error,
    });
  }
  if (error instanceof ConfigError) {
    // A base URL option for another provider would not reach this model: only its variable can.
    const other = keyProvider ? { setting: undefined, keyProvider } : {};
    return configError({ ...error.details(), key, received: id, ...other, cause: error });
  }
  return error;
}
