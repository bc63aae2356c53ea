import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, describeError, MissingPackageError } from '../errors.js';
import type { SourceCache } from '../reader/index.js';
import { fileTargetProblem } from '../shared/index.js';
import type { LimitStore, RunCluster, RunStore } from '../store/index.js';

/** The server's open database, and how to give it up when the server does not start after all. */
export interface ServerDatabase {
  store: RunStore;
  /** The reader's source cache in the same database, shared by every run (and every node, on Postgres). */
  sourceCache: SourceCache;
  /** The SQLite file (or `:memory:`), or the Postgres URL without its password: what the server prints. */
  path: string;
  /** Closes the database; a file this start created is removed, so a failed start leaves nothing. */
  discard(): Promise<void>;
  /**
   * On Postgres: the rate limit's, login throttle's and Idempotency-Keys' state, shared by every
   * node serving clients. Absent (SQLite): each server keeps its own in memory.
   */
  limits?: LimitStore;
  /** On Postgres: joins the cluster of nodes sharing the database (SQLite has none). */
  openCluster?: (timing: { workerTimeoutMs: number }) => Promise<RunCluster>;
}

/** Whether `--db` names a Postgres server rather than a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** A Postgres URL as it may be shown: the password replaced by `***`. */
export function shownPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

/**
 * Opens the server's database: a Postgres server when `db` is a `postgres://` URL, else a SQLite
 * file (`db` relative to `cwd`; absent: `defaultPath`), refusing before anything is created when
 * its place cannot hold it. Errors name the path (or the URL, without its password) and, for a
 * value the user gave, the flag.
 */
export async function openServerDatabase(options: {
  db?: string;
  defaultPath: string;
  cwd: string;
}): Promise<ServerDatabase> {
  if (options.db !== undefined && isPostgresUrl(options.db)) return openPostgres(options.db);
  const path =
    options.db === undefined
      ? options.defaultPath
      : options.db === ':memory:'
        ? options.db
        : resolve(options.cwd, options.db);
  return openSqlite({ path, ...(options.db === undefined ? {} : { given: options.db }) });
}

async function openPostgres(url: string): Promise<ServerDatabase> {
  const { openPostgresCluster, openPostgresStore } = await import('../store/index.js');
  const shown = shownPostgresUrl(url);
  try {
    const store = await openPostgresStore({ url });
    return {
      store,
      sourceCache: store.sourceCache,
      limits: store.limits,
      path: shown,
      discard: () => store.close(),
      openCluster: (timing) => openPostgresCluster({ url, ...timing }),
    };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MissingPackageError) throw error;
    throw new ConfigError(
      `--db ${shown} cannot be opened: ${describeError(error).message}. Check that the Postgres server runs, and the URL's host, port, user, password and database.`,
      { key: 'db', cause: error },
    );
  }
}

async function openSqlite(options: { path: string; given?: string }): Promise<ServerDatabase> {
  const { createSqliteSourceCache, openSqliteStore } = await import('../store/index.js');
  const place = options.given === undefined ? `The database ${options.path}` : `--db ${options.given}`;
  const hint = options.given === undefined ? ' Choose another place with --db.' : '';
  const memory = options.path === ':memory:';
  const problem = memory
    ? undefined
    : await fileTargetProblem(options.path, { createFolders: !options.given });
  if (problem) throw new ConfigError(`${place} cannot be used: ${problem}.${hint}`, { key: 'db' });
  const created = !memory && !existsSync(options.path);
  const remove = async () => {
    if (!created) return;
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${options.path}${suffix}`, { force: true })));
  };
  try {
    const store = openSqliteStore({ path: options.path });
    return {
      store,
      sourceCache: createSqliteSourceCache(store.database),
      path: options.path,
      async discard() {
        await store.close();
        await remove();
      },
    };
  } catch (error) {
    await remove();
    throw new ConfigError(`${place} cannot be opened: ${(error as Error).message}.${hint}`, {
      key: 'db',
      cause: error,
    });
  }
}
