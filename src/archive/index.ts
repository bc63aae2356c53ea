export { buildArchive, type RunArchive } from './build-archive.js';
export {
  type ArchivedResponse,
  archivedPage,
  decodedBody,
  headerOf,
  readWarcResponses,
} from './read-warc.js';
export { createExchangeRecorder } from './recorder.js';
