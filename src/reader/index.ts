export {
  type BlockedRequest,
  closeSharedBrowser,
  createBrowserRenderer,
  findBrowser,
  type PageRenderer,
} from './browser/index.js';
export { createMemorySourceCache } from './cache/index.js';
export { DEEP_READ_DEPTH, DEEP_READ_LIMIT } from './constants.js';
export { extractContent } from './content/index.js';
export { createReader } from './create-reader.js';
export { deepRead } from './deep-read.js';
export { isReaderError, ReaderError } from './errors.js';
export { sizeSharedExtractionPool } from './extract-pool/index.js';
export {
  checkUrl,
  type ExchangeHook,
  type RecordedExchange,
  type SafeFetchOptions,
  safeFetch,
} from './fetch/index.js';
export { extractHtml } from './html/index.js';

export { readLocalFile } from './local-file.js';
export { splitPassages } from './passages.js';
export type {
  PageScreenshot,
  Passage,
  Reader,
  ReadOptions,
  Source,
  SourceCache,
} from './types.js';
