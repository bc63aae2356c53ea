export { extractHtml, findLostWords } from './extract.js';
export type { ExtractedPage, ExtractHtmlOptions } from './types.js';
