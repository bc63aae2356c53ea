import { closeSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { BUILD_CACHE_KIB } from '../constants.js';
import { CorpusError } from '../errors.js';
import type { SqliteDatabase } from './open-database.js';
import { INDEXES, TABLES } from './schema.js';

/**
 * A new index being built in a file of its own beside the live one (`<index>.building`). Nothing
 * reads it until `publish` copies it whole into the live file, so it is written without a journal or
 * a sync: a crash leaves only this file, which the next build deletes, and the live index as it was.
 */
export interface BuildDatabase {
  db: SqliteDatabase;
  /** Adds the secondary indexes, once the rows are written (before anything queries them). */
  addIndexes(): void;
  /** Copies the build into the live index, in one transaction. */
  publish(): Promise<void>;
  /** Closes the build and deletes its file (published or not). */
  discard(): Promise<void>;
}

/** Where the build of the index at `indexPath` is written. */
function buildPathOf(indexPath: string): string {
  return `${indexPath}.building`;
}

/**
 * Starts building a new index for the live one at `indexPath`, with the live index's settings
 * (its `meta` rows) copied in. A leftover build of a crashed run is deleted first.
 */
export async function startBuild(live: SqliteDatabase, indexPath: string): Promise<BuildDatabase> {
  const path = buildPathOf(indexPath);
  await rm(path, { force: true });
  // Owner-only like the index itself: it holds the text of every file.
  closeSync(openSync(path, 'w', 0o600));
  const db = new Database(path);
  const discard = async () => {
    if (db.open) db.close();
    await rm(path, { force: true });
  };
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma(`cache_size = -${BUILD_CACHE_KIB}`);
    db.exec(TABLES);
    const insert = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    const rows = live.prepare('SELECT key, value FROM meta').raw().all() as Array<[string, string]>;
    db.transaction(() => {
      for (const [key, value] of rows) insert.run(key, value);
    })();
  } catch (error) {
    await discard();
    throw new CorpusError({
      code: 'index_unusable',
      path,
      cause: error,
      message: `A new index cannot be built in ${path}: ${(error as Error).message}. Free space or write access beside the index is needed; or name another file with --index.`,
    });
  }
  return {
    db,
    discard,
    addIndexes: () => db.exec(INDEXES),
    async publish() {
      // SQLite's online backup holds one write transaction on the live file for the whole copy:
      // readers see the old index until it commits, and a crash during it leaves the old one.
      await db.backup(indexPath);
    },
  };
}
