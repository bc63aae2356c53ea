import type { TimeRange } from '../../search/types.js';

/** Time ranges a search action may ask for: the providers' windows, `hour` included. */
export const SEARCH_TIME_RANGES = [
  'hour',
  'day',
  'week',
  'month',
  'year',
] as const satisfies readonly TimeRange[];
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];
