import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { INDEX_FORMAT_VERSION } from '../constants.js';
import { CorpusError } from '../errors.js';
import { SCHEMA } from './schema.js';

type SqliteDatabase = Database.Database;

export type { SqliteDatabase };

const require = createRequire(import.meta.url);

/** An open index: the SQLite handle and whether sqlite-vec's functions are there. */
export interface IndexDatabase {
  db: SqliteDatabase;
  /** sqlite-vec loaded: vector distances are computed in SQLite, else in JavaScript. */
  vectorExtension: boolean;
}

/** Loads sqlite-vec's prebuilt extension when this platform has one; false when it does not load. */
function loadVectorExtension(db: SqliteDatabase): boolean {
  try {
    const sqliteVec = require('sqlite-vec') as { load(db: SqliteDatabase): void };
    sqliteVec.load(db);
    return true;
  } catch {
    // No prebuilt extension for this platform (it is an optional dependency): distances in JavaScript.
    return false;
  }
}

function tableExists(db: SqliteDatabase, name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;
}

/** Drops every table so an index of an older format is rebuilt from the files. */
function dropAll(db: SqliteDatabase): void {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
    .pluck()
    .all() as string[];
  for (const name of names) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const name of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
}

/** Refuses a SQLite database that holds tables but is no corpus index (the server's runs, say). */
function checkIsIndex(db: SqliteDatabase, path: string): void {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  if (tables.length === 0 || tableExists(db, 'meta')) return;
  db.close();
  throw new CorpusError({
    code: 'index_unusable',
    path,
    message: `The index file ${path} cannot be used: it is a SQLite database of something else, not a corpus index. Name another file with --index.`,
  });
}

/**
 * Opens (creating when needed) an index file whose folder exists (see `prepareIndexFile`). An index
 * written by another format version is emptied and re-created, so the next update re-reads every
 * file and says why (meta `rebuilt_from`); a database that is not an index is refused, never emptied.
 */
export function openIndexDatabase(path: string): IndexDatabase {
  let db: SqliteDatabase;
  try {
    db = new Database(path);
    checkIsIndex(db, path);
  } catch (error) {
    if (error instanceof CorpusError) throw error;
    throw new CorpusError({
      code: 'index_unusable',
      path,
      cause: error,
      message: `The index file ${path} cannot be opened: ${(error as Error).message}. Name another file with --index.`,
    });
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const vectorExtension = loadVectorExtension(db);
  let rebuiltFrom: string | undefined;
  if (tableExists(db, 'meta')) {
    const version = db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() as
      | string
      | undefined;
    if (version !== String(INDEX_FORMAT_VERSION)) {
      dropAll(db);
      rebuiltFrom = version ?? 'unknown';
    }
  }
  db.exec(SCHEMA);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('format', ?)").run(
    String(INDEX_FORMAT_VERSION),
  );
  // The next update says so: it reads every file again.
  if (rebuiltFrom) writeMeta(db, 'rebuilt_from', rebuiltFrom);
  return { db, vectorExtension };
}

/** A value of the `meta` table. */
export function readMeta(db: SqliteDatabase, key: string): string | undefined {
  return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
}

export function writeMeta(db: SqliteDatabase, key: string, value: string | undefined): void {
  if (value === undefined) db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  else db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
}
