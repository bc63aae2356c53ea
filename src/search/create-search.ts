import { ConfigError } from '../errors.js';
import type { Environment } from './api-key.js';
import { fanOutSearch } from './fan-out.js';
import type { SearchProviderSettings } from './provider-settings.js';
import { searchProviderEntry } from './registry.js';
import type { SearchProvider } from './types.js';

/** Options of `createSearch`: which providers, and where their keys and URLs come from. */
export interface CreateSearchOptions {
  /** Provider ids to fan out to, e.g. `['brave', 'wikipedia']`. Unknown ids throw UnknownIdError. */
  providers: readonly string[];
  /** Environment read for keys and SEARXNG_URL at call time (default: process.env). */
  env?: Environment;
  /** fetch used by every provider (default: global fetch). */
  fetch?: typeof fetch;
  /** Base URL of the SearXNG instance (default: SEARXNG_URL). */
  searxngUrl?: string;
  /** API keys by provider id; each wins over the provider's environment variable. */
  apiKeys?: Record<string, string>;
  /** Extra settings by provider id (baseURL, timeoutMs, rateLimit...). */
  providerSettings?: Record<string, SearchProviderSettings>;
  /**
   * Called for each provider that failed while at least one other answered; the engine turns these
   * into warning events. When every provider fails, the first error is thrown instead.
   */
  onProviderError?: (providerId: string, error: unknown) => void;
}

/**
 * One SearchProvider over the named providers (built from the registry with their keys and URLs),
 * fanned out and fused by `fanOutSearch`.
 */
export function createSearch(options: CreateSearchOptions): SearchProvider {
  const ids = [...new Set(options.providers)];
  const providers = ids.map((id) => {
    const entry = searchProviderEntry(id);
    return entry.create({
      env: options.env,
      fetch: options.fetch,
      apiKey: options.apiKeys?.[id],
      baseURL: id === 'searxng' ? options.searxngUrl : undefined,
      ...options.providerSettings?.[id],
    });
  });
  if (providers.length === 0) {
    throw new ConfigError('No search provider is configured; pass --search with at least one provider id.', {
      key: 'search',
    });
  }
  return fanOutSearch(providers, { onProviderError: options.onProviderError });
}
