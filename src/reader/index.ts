export {
  type BlockedRequest,
  closeSharedBrowser,
  createBrowserRenderer,
  findBrowser,
  type PageRenderer,
} from './browser/index.js';
export { createMemorySourceCache, type MemorySourceCacheOptions } from './cache/index.js';
export { DEEP_READ_DEPTH, DEEP_READ_LIMIT } from './constants.js';
export { type ExtractedContent, extractContent } from './content/index.js';
export { type CreateReaderOptions, createReader } from './create-reader.js';
export { type DeepReadOptions, deepRead } from './deep-read.js';
export { isReaderError, ReaderError, type ReaderErrorCode } from './errors.js';
export { closeSharedExtractionPool } from './extract-pool/index.js';
export {
  type BlockedAddress,
  type CheckedUrl,
  type CheckUrlOptions,
  checkUrl,
  classifyAddress,
  type FetchedResource,
  type FetchFunction,
  isBlockedAddress,
  type LookupFunction,
  type ResolvedAddress,
  type SafeFetchOptions,
  safeFetch,
} from './fetch/index.js';
export { type ExtractedPage, extractHtml } from './html/index.js';
export { linksInMarkdown } from './links.js';
export { type ReadLocalFileOptions, readLocalFile } from './local-file.js';
export { type SplitPassagesOptions, splitPassages } from './passages.js';
export type {
  BrowserVisit,
  PageScreenshot,
  Passage,
  Reader,
  ReadOptions,
  Source,
  SourceCache,
} from './types.js';
