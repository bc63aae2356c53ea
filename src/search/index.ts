export type { Environment } from './api-key.js';
export { type CheckSearchOptions, checkSearch } from './check-search.js';
export { type RateLimit, SEARCH_RATE_LIMITS } from './constants.js';
export { type CreateSearchOptions, createSearch } from './create-search.js';
export { withinTimeRange } from './dates.js';
export { isSearchError, SearchError, type SearchErrorCode } from './errors.js';
export { type FanOutOptions, fanOutSearch } from './fan-out.js';
export type { SearchProviderSettings } from './provider-settings.js';
export { createArxivSearch } from './providers/arxiv.js';
export { createBraveSearch } from './providers/brave.js';
export { createDuckDuckGoSearch } from './providers/duckduckgo.js';
export { createExaSearch } from './providers/exa.js';
export { createFirecrawlSearch } from './providers/firecrawl.js';
export { createGithubSearch, type GithubSearchKind, type GithubSearchSettings } from './providers/github.js';
export { createJinaSearch } from './providers/jina.js';
export { createSearxngSearch, type SearxngSearchSettings } from './providers/searxng.js';
export { createSerperSearch } from './providers/serper.js';
export { createTavilySearch } from './providers/tavily.js';
export { createWikipediaSearch, type WikipediaSearchSettings } from './providers/wikipedia.js';
export { startOfRange } from './query-syntax.js';
export { createRateLimiter, type RateLimiter } from './rate-limiter.js';
export {
  type ReciprocalRankFusionOptions,
  reciprocalRankFusion,
  reciprocalRankScore,
} from './reciprocal-rank-fusion.js';
export { createSearchProvider, searchProviderIds } from './registry.js';
export {
  type SearchProvider,
  type SearchRequest,
  type SearchResult,
  TIME_RANGES,
  type TimeRange,
} from './types.js';
