import { toIsoDate } from '../shared/index.js';
import { type Environment, loadApiKey } from './api-key.js';
import { type RateLimit, SEARCH_RATE_LIMITS } from './constants.js';
import { createHttpClient, type SearchHttpClient } from './http-client.js';
import type { ErrorInterpreter, ProviderIdentity } from './http-errors.js';
import { type RateLimiter, sharedRateLimiter } from './rate-limiter.js';

/** Settings every provider factory takes; all optional. */
export interface SearchProviderSettings {
  /** API key; default from the provider's environment variable, read at call time. */
  apiKey?: string;
  /** Base URL of the API, e.g. to point tests at a local server. */
  baseURL?: string;
  /** fetch to use (default: global fetch). */
  fetch?: typeof fetch;
  /** Environment read for keys and URLs (default: process.env), read at call time. */
  env?: Environment;
  /** Timeout of one request in milliseconds (default: SEARCH_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Overrides of the provider's default rate limit (SEARCH_RATE_LIMITS). */
  rateLimit?: Partial<RateLimit>;
  /** A limiter to use instead of the process-wide one of this endpoint. */
  limiter?: RateLimiter;
  /** Clock that relative result dates ("3 days ago") count back from (default: the system clock). */
  now?: () => Date;
}

/** Static facts about one provider. */
export interface ProviderDefinition extends ProviderIdentity {
  id: keyof typeof SEARCH_RATE_LIMITS;
  defaultBaseURL: string;
  interpretError?: ErrorInterpreter;
}

/** What a provider implementation works with: its HTTP client, base URL and key loader. */
export interface ProviderContext {
  http: SearchHttpClient;
  /** Base URL without a trailing slash. */
  baseURL: string;
  /** The key from settings or env; throws MissingApiKeyError naming the variable. */
  apiKey(): string;
  /** The key when one is configured, without throwing (for optional keys). */
  optionalApiKey(): string | undefined;
  /** A result's date as ISO 8601, read the same in every time zone; relative dates count back from `now`. */
  resultDate(text: string | null | undefined): string | undefined;
}

/** Builds a provider's HTTP client (with its rate limiter), base URL and key loader from its settings. */
export function createProviderContext(
  definition: ProviderDefinition,
  settings: SearchProviderSettings,
): ProviderContext {
  const baseURL = (settings.baseURL ?? definition.defaultBaseURL).replace(/\/+$/, '');
  const limit = { ...SEARCH_RATE_LIMITS[definition.id], ...settings.rateLimit };
  const limiter = settings.limiter ?? sharedRateLimiter(`${definition.id}|${baseURL}`, limit);
  const http = createHttpClient({
    provider: definition,
    limiter,
    fetch: settings.fetch,
    timeoutMs: settings.timeoutMs,
    interpretError: definition.interpretError,
  });
  const variable = definition.keyVariable ?? `${definition.id.toUpperCase()}_API_KEY`;
  const apiKey = () =>
    loadApiKey({
      apiKey: settings.apiKey,
      env: settings.env,
      variable,
      providerId: definition.id,
      providerName: definition.name,
    });
  return {
    http,
    baseURL,
    apiKey,
    optionalApiKey: () =>
      settings.apiKey?.trim() || (settings.env ?? process.env)[variable]?.trim() || undefined,
    resultDate: (text) => toIsoDate(text, { now: settings.now?.() ?? new Date() }),
  };
}
