import { MissingApiKeyError } from '../errors.js';

/** Environment variables, read at call time (default: `process.env`). */
export type Environment = Record<string, string | undefined>;

/** Where `loadApiKey` looks and how it names what is missing. */
export interface LoadApiKeyOptions {
  /** Key passed in settings; wins over the environment. */
  apiKey: string | undefined;
  env: Environment | undefined;
  /** Variable read when no key was passed, e.g. `BRAVE_API_KEY`. */
  variable: string;
  /** Provider id. */
  providerId: string;
  /** Provider name for people, e.g. `Brave Search`. */
  providerName: string;
}

/**
 * The API key from settings or the environment; throws `MissingApiKeyError` naming the variable,
 * the only place a user of the CLI, the server or `research()` can put a search key (the
 * `apiKeys` setting of `createSearch` is for code that builds its own search).
 * Called on every request so a key set after start-up is picked up.
 */
export function loadApiKey(options: LoadApiKeyOptions): string {
  const fromSettings = options.apiKey?.trim();
  if (fromSettings) return fromSettings;
  const fromEnv = (options.env ?? process.env)[options.variable]?.trim();
  if (fromEnv) return fromEnv;
  throw new MissingApiKeyError({ provider: options.providerName, variable: options.variable });
}
