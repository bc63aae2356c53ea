import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { ConfigError } from '../errors.js';
import { fileTargetProblem } from '../shared/index.js';
import type { SqliteRunStore } from '../store/index.js';

/** The server's open database, and how to give it up when the server does not start after all. */
export interface ServerDatabase {
  store: SqliteRunStore;
  path: string;
  /** Closes the database; a file this start created is removed, so a failed start leaves nothing. */
  discard(): Promise<void>;
}

/**
 * Opens the server's database, refusing before anything is created when its place cannot hold it.
 * `given` is the `--db` value as typed (its folder must exist); the default place's folders are
 * created. Errors name the path and, for `--db`, the flag.
 */
export async function openServerDatabase(options: { path: string; given?: string }): Promise<ServerDatabase> {
  const { openSqliteStore } = await import('../store/index.js');
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
  let store: SqliteRunStore;
  try {
    store = openSqliteStore({ path: options.path });
  } catch (error) {
    await remove();
    throw new ConfigError(`${place} cannot be opened: ${(error as Error).message}.${hint}`, {
      key: 'db',
      cause: error,
    });
  }
  return {
    store,
    path: options.path,
    async discard() {
      await store.close();
      await remove();
    },
  };
}
