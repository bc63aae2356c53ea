import type { TimeRange } from '../../search/types.js';

/** Time ranges a search action may ask for. */
export const SEARCH_TIME_RANGES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];

/**
 * The providers' window for an action's range: providers filter by day at the finest, so `hour`
 * asks for the last day (the planner still sees dates to judge the rest).
 */
export function providerTimeRange(range: SearchTimeRange | undefined): TimeRange | undefined {
  if (range === undefined) return undefined;
  return range === 'hour' ? 'day' : range;
}
