import { TIME_RANGES } from '../../search/index.js';

/** Time ranges a search action may ask for: the providers' windows, `hour` included. */
export const SEARCH_TIME_RANGES = TIME_RANGES;
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];
