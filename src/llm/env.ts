import { MissingApiKeyError } from '../errors.js';

/** Environment variables as a record; `process.env` by default, injected in tests. */
export type Environment = Record<string, string | undefined>;

/** A non-empty value of `variable`, or undefined. The one place env is read for models. */
export function readVariable(env: Environment, variable: string): string | undefined {
  const value = env[variable]?.trim();
  return value ? value : undefined;
}

/**
 * The API key for a provider: the explicit one, else the provider's env variable. Throws
 * `MissingApiKeyError` naming the variable when `required` and neither is set.
 */
export function loadApiKey(options: {
  apiKey: string | undefined;
  env: Environment;
  variable: string;
  provider: string;
  required: boolean;
  /** The option that can carry the key instead (`apiKey`); absent when only the variable can. */
  setting?: string;
  /** The provider the configured key belongs to, when it is another one. */
  keyProvider?: string;
}): string | undefined {
  const key = options.apiKey ?? readVariable(options.env, options.variable);
  if (key === undefined && options.required) {
    throw new MissingApiKeyError({
      provider: options.provider,
      variable: options.variable,
      setting: options.setting,
      keyProvider: options.keyProvider,
    });
  }
  return key;
}
