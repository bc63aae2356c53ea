/**
 * Time windows a search may ask for. Providers that filter by day at the finest ask for a day when
 * given `hour`; `withinTimeRange` drops what their dates show to be older.
 */
export const TIME_RANGES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export interface SearchRequest {
  query: string;
  /** Results wanted; providers clamp to what they support. */
  count?: number;
  /** Language code such as "en" or "de". */
  language?: string;
  timeRange?: TimeRange;
  /** Restrict to these hosts (`site:`), where the provider supports it natively or by query syntax. */
  sites?: string[];
  signal?: AbortSignal;
}

/** One hit, the same shape from every provider. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  /** ISO-8601 date when the provider gives one. */
  publishedAt?: string;
  /** Id of the provider that returned it (after fusion: the first that did). */
  provider: string;
  /** After fusion of several providers: the ids of every provider that returned it. */
  providers?: string[];
}

/**
 * A search engine. Implementations throw `SearchError` (auth, quota, rate limit, HTTP, parse) and
 * never return an empty list to hide a failure.
 */
export interface SearchProvider {
  readonly id: string;
  search(request: SearchRequest): Promise<SearchResult[]>;
}
