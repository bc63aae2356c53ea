export * from './charset/index.js';
export { type ExtractedContent, extractContent } from './extract-content.js';
export {
  type ContentHandler,
  type ContentInput,
  contentHandlerFor,
  contentHandlers,
  markdownToText,
} from './handlers/index.js';
export {
  type MediaType,
  mediaTypeOfPath,
  parseMediaType,
  resolveMediaType,
  sniffMediaType,
} from './media-type.js';
