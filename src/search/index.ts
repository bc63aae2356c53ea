export { checkSearch } from './check-search.js';

export { createSearch } from './create-search.js';
export { withinTimeRange } from './dates.js';
export { SearchError } from './errors.js';
export { fanOutSearch } from './fan-out.js';

export { startOfRange } from './query-syntax.js';

export { reciprocalRankScore } from './reciprocal-rank-fusion.js';
export { createSearchProvider, searchProviderIds } from './registry.js';
export {
  type SearchProvider,
  type SearchRequest,
  type SearchResult,
  TIME_RANGES,
  type TimeRange,
} from './types.js';
