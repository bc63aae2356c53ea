export { type BuildDatabase, startBuild } from './build-database.js';
export {
  type IndexDatabase,
  openIndexDatabase,
  readMeta,
  type SqliteDatabase,
  writeMeta,
} from './open-database.js';
export { type FieldCounts, POSTING_STRIDE, readPostings } from './postings.js';
export {
  IndexWriter,
  indexedFile,
  indexedFiles,
  isEmptyIndex,
  type PreparedChunk,
  type PreparedFile,
} from './write-file.js';
