export {
  type ExtractionDetails,
  extractHtml,
  extractHtmlWithDetails,
  findLostWords,
  type SecondOpinion,
} from './extract.js';
export type { ExtractedPage, ExtractHtmlOptions } from './types.js';
