export { markdownToText } from './markdown.js';
export { contentHandlerFor, contentHandlers } from './registry.js';
export type { ContentHandler, ContentInput } from './types.js';
