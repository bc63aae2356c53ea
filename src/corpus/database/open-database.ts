import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { INDEX_FORMAT_VERSION } from '../constants.js';
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

/**
 * Opens (creating when needed) an index file. An index written by another format version is
 * emptied and re-created, so the next update re-reads every file.
 */
export function openIndexDatabase(path: string): IndexDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const vectorExtension = loadVectorExtension(db);
  if (tableExists(db, 'meta')) {
    const version = db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get();
    if (version !== String(INDEX_FORMAT_VERSION)) dropAll(db);
  }
  db.exec(SCHEMA);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('format', ?)").run(
    String(INDEX_FORMAT_VERSION),
  );
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
