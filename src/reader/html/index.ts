export { extractHtml, extractHtmlWithDetails, findLostWords, type SecondOpinion } from './extract.js';
export { INSET_LIMITS } from './inset-boxes.js';
export { KEPT_FURNITURE_LIMITS } from './kept-furniture.js';
export { LISTING_ITEM_LIMITS, type ListingItemLimits } from './listing-items.js';
export { MAIN_RUN_LIMITS } from './main-run.js';
export { STORY_EDGE_LIMITS, type StoryEdgeLimits } from './story-edges.js';
export { STORY_TAIL_LIMITS } from './story-tail.js';
export type { ExtractedPage } from './types.js';
