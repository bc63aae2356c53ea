export * from './charset/index.js';
export { type ExtractedContent, extractContent } from './extract-content.js';

export { mediaTypeOfPath } from './media-type.js';
