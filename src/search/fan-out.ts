import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { SearchProvider, SearchRequest } from './types.js';

/** Options of `fanOutSearch`. */
export interface FanOutOptions {
  /**
   * Called for each provider that failed while at least one other answered; the engine turns these
   * into warning events. When every provider fails, the first error is thrown instead.
   */
  onProviderError?: (providerId: string, error: unknown) => void;
}

/**
 * The one place search fans out: a SearchProvider (id like `brave+wikipedia`) that queries every
 * provider in parallel and merges their lists with reciprocal-rank fusion, deduplicated by
 * `canonicalUrl`. One provider is returned as it is.
 */
export function fanOutSearch(
  providers: readonly SearchProvider[],
  options: FanOutOptions = {},
): SearchProvider {
  const [only] = providers;
  if (providers.length === 1 && only) return only;
  return {
    id: providers.map((provider) => provider.id).join('+'),
    async search(request: SearchRequest) {
      const settled = await Promise.allSettled(providers.map((provider) => provider.search(request)));
      request.signal?.throwIfAborted();
      const lists = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      const failures = settled.flatMap((outcome, index) =>
        outcome.status === 'rejected'
          ? [{ id: providers[index]?.id ?? '', error: outcome.reason as unknown }]
          : [],
      );
      if (lists.length === 0) throw failures[0]?.error;
      for (const failure of failures) options.onProviderError?.(failure.id, failure.error);
      return reciprocalRankFusion(lists).slice(0, request.count ?? Number.POSITIVE_INFINITY);
    },
  };
}
