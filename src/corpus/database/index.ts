export {
  type IndexDatabase,
  openIndexDatabase,
  readMeta,
  type SqliteDatabase,
  writeMeta,
} from './open-database.js';
export { deleteFile, indexedFile, indexedFiles, type PreparedFile, writeFile } from './write-file.js';
