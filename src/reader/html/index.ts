export { extractHtml, extractHtmlWithDetails, findLostWords, type SecondOpinion } from './extract.js';
export type { ExtractedPage } from './types.js';
