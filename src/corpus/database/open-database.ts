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

/**
 * Meta keys that record the owner's choices, not what was read from the files: kept when an index of
 * another format is rebuilt, so it still belongs to its folder (another folder is refused, never
 * taken over), keeps the embedding model it was built with, and keeps the secret-files opt-in.
 */
const SETTINGS_KEPT_ON_REBUILD = ['root', 'secret_files', 'embed_model', 'embed_base_url'];

/** Empties an index of another format, settings aside, so it is rebuilt from the files. */
function emptyForRebuild(db: SqliteDatabase): void {
  const tables = (virtual: boolean) =>
    db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'meta' AND (sql LIKE 'CREATE VIRTUAL TABLE%') = ?`,
      )
      .pluck()
      .all(virtual ? 1 : 0) as string[];
  db.transaction(() => {
    // Virtual tables first: dropping one drops its shadow tables, which are plain tables.
    for (const name of tables(true)) db.exec(`DROP TABLE IF EXISTS "${name}"`);
    for (const name of tables(false)) db.exec(`DROP TABLE IF EXISTS "${name}"`);
    const kept = SETTINGS_KEPT_ON_REBUILD.map(() => '?').join(', ');
    db.prepare(`DELETE FROM meta WHERE key NOT IN (${kept})`).run(...SETTINGS_KEPT_ON_REBUILD);
  })();
}

/** The format an open index was written in; this one's for a new (empty) file. */
function formatOf(db: SqliteDatabase): string | undefined {
  if (!tableExists(db, 'meta')) return String(INDEX_FORMAT_VERSION);
  return db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() as string | undefined;
}

/**
 * Brings an open index to this format: an index of another format is emptied (settings kept) and
 * marked `rebuilt_from`, so the next update re-reads every file and says why.
 */
function upgradeFormat(db: SqliteDatabase): void {
  const version = formatOf(db);
  const current = String(INDEX_FORMAT_VERSION);
  if (version !== current) emptyForRebuild(db);
  db.exec(SCHEMA);
  writeMeta(db, 'format', current);
  if (version !== current) writeMeta(db, 'rebuilt_from', version ?? 'unknown');
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
 * written by another format version is emptied but for its settings and re-created, so the next
 * update re-reads every file and says why (meta `rebuilt_from`); a database that is not an index is
 * refused, never emptied; one that cannot be rebuilt (read-only, locked) is refused, saying so.
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
  // Until the format is read, an error says nothing of it.
  let version: string | undefined = String(INDEX_FORMAT_VERSION);
  try {
    // Waits for a writer before anything else; a rebuild runs without foreign keys (no cascades).
    db.pragma('busy_timeout = 5000');
    version = formatOf(db);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    upgradeFormat(db);
    db.pragma('foreign_keys = ON');
  } catch (error) {
    db.close();
    const written =
      version === String(INDEX_FORMAT_VERSION)
        ? ''
        : ` (index format ${version ?? 'unknown'}; this version reads ${INDEX_FORMAT_VERSION} and rebuilds it)`;
    throw new CorpusError({
      code: 'index_unusable',
      path,
      cause: error,
      message: `The index file ${path}${written} cannot be made ready: ${(error as Error).message}. Close what else uses it, delete it to index the folder afresh, or name another file with --index.`,
    });
  }
  const vectorExtension = loadVectorExtension(db);
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
