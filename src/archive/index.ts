export { buildArchive, type PageToArchive, type RunArchive } from './build-archive.js';
export { ArchiveError } from './errors.js';
export {
  type ArchivedResponse,
  archivedPage,
  decodedBody,
  headerOf,
  readWarcResponses,
} from './read-warc.js';
export { createExchangeRecorder, type ExchangeRecorder } from './recorder.js';
