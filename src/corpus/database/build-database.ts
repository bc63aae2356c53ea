import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { BUILD_CACHE_KIB } from '../constants.js';
import { CorpusError } from '../errors.js';
import type { SqliteDatabase } from './open-database.js';
import { INDEXES, TABLES } from './schema.js';

/**
 * A new index being built in a file of its own beside the live one (`<index>.<pid>-<random>.building`:
 * two processes building the same index at once each write their own). Nothing reads it until
 * `publish` copies it whole into the live file, so it is written without a journal or a sync: a
 * crash leaves only this file, which the next build deletes once its process is gone, and the live
 * index as it was.
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

const BUILD_SUFFIX = '.building';

/** Where this process writes a build of the index at `indexPath`: a name no other build has. */
function buildPathOf(indexPath: string): string {
  return `${indexPath}.${process.pid}-${randomBytes(6).toString('hex')}${BUILD_SUFFIX}`;
}

/** Whether the process `pid` runs on this machine (one of another user's included). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the builds of the index at `indexPath` that crashed: those whose process is gone, and the
 * one name earlier versions used (`<index>.building`). A build of a running process is left alone.
 */
async function removeStaleBuilds(indexPath: string): Promise<void> {
  const prefix = `${basename(indexPath)}.`;
  const names = await readdir(dirname(indexPath)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(BUILD_SUFFIX)) continue;
    const owner = name.slice(prefix.length, -BUILD_SUFFIX.length);
    const pid = /^(\d+)-[0-9a-f]+$/.exec(owner)?.[1];
    const stale = owner === '' || (pid !== undefined && !isRunning(Number(pid)));
    if (stale) await rm(join(dirname(indexPath), name), { force: true });
  }
}

/**
 * Starts building a new index for the live one at `indexPath`, with the live index's settings
 * (its `meta` rows) copied in. Leftover builds of crashed runs are deleted first.
 */
export async function startBuild(live: SqliteDatabase, indexPath: string): Promise<BuildDatabase> {
  await removeStaleBuilds(indexPath);
  const path = buildPathOf(indexPath);
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
