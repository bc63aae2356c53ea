export {
  type IndexDatabase,
  openIndexDatabase,
  readMeta,
  type SqliteDatabase,
  writeMeta,
} from './open-database.js';
