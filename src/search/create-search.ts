import { ConfigError } from '../errors.js';
import type { Environment } from './api-key.js';
import type { SearchProviderSettings } from './provider-settings.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import { searchProviderEntry } from './registry.js';
import type { SearchProvider, SearchRequest } from './types.js';

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
 * One SearchProvider (id like `brave+wikipedia`) that queries every named provider in parallel and
 * merges their lists with reciprocal-rank fusion (k = 60), deduplicated by normalised URL.
 */
export function createSearch(options: CreateSearchOptions): SearchProvider {
  const ids = [...new Set(options.providers)];
  const providers = ids.map((id) => {
    const entry = searchProviderEntry(id);
    return entry.create({
      env: options.env,
      fetch: options.fetch,
      ...(options.apiKeys?.[id] ? { apiKey: options.apiKeys[id] } : {}),
      ...(id === 'searxng' && options.searxngUrl ? { baseURL: options.searxngUrl } : {}),
      ...options.providerSettings?.[id],
    });
  });
  if (providers.length === 0) {
    throw new ConfigError('No search provider is configured; pass --search with at least one provider id.', {
      key: 'search',
    });
  }
  return {
    id: ids.join('+'),
    async search(request: SearchRequest) {
      const settled = await Promise.allSettled(providers.map((provider) => provider.search(request)));
      request.signal?.throwIfAborted();
      const lists = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      const failures = settled.flatMap((outcome, index) =>
        outcome.status === 'rejected' ? [{ id: ids[index] ?? '', error: outcome.reason as unknown }] : [],
      );
      if (lists.length === 0) throw failures[0]?.error;
      for (const failure of failures) options.onProviderError?.(failure.id, failure.error);
      return reciprocalRankFusion(lists).slice(0, request.count ?? Number.POSITIVE_INFINITY);
    },
  };
}
