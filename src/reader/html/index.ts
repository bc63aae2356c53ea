export { TEXT_CARD_LIMITS, type TextCardLimits } from './card-runs.js';
export { extractHtml, extractHtmlWithDetails, findLostWords, type SecondOpinion } from './extract.js';
export { MAIN_RUN_LIMITS } from './main-run.js';
export type { ExtractedPage } from './types.js';
