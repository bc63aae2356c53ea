export { extractHtml, extractHtmlWithDetails, findLostWords, type SecondOpinion } from './extract.js';
export { MAIN_RUN_LIMITS, type MainRunLimits } from './main-run.js';
export type { ExtractedPage } from './types.js';
