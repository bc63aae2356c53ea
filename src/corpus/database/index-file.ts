import { closeSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileTargetProblem } from '../../shared/index.js';
import { CorpusError } from '../errors.js';

/** The first bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Why an existing file cannot be an index: it is neither empty nor a SQLite database. */
async function contentProblem(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead === 0) return undefined;
    return header.toString('latin1', 0, bytesRead) === SQLITE_HEADER
      ? undefined
      : `${path} is not a corpus index (not a SQLite database); name a new file`;
  } finally {
    await handle.close();
  }
}

/**
 * Makes sure an index file can be opened before anything is read or written: not a folder, its
 * folder there (the default place's folders are made, owner-only; a named file's folder must
 * exist), writable, and empty or a SQLite database. A new file is created readable by its owner
 * only (0600; SQLite's -wal and -shm files follow it): an index holds the text of every file.
 * Throws `CorpusError` `index_unusable` naming the path and `--index`.
 */
export async function prepareIndexFile(path: string, options: { named: boolean }): Promise<void> {
  const problem =
    (await fileTargetProblem(path, { createFolders: !options.named })) ?? (await contentProblem(path));
  if (problem) {
    const hint = options.named ? 'Name another file with --index.' : 'Name a file with --index.';
    throw new CorpusError({
      code: 'index_unusable',
      path,
      message: `The index file ${path} cannot be used: ${problem}. ${hint}`,
    });
  }
  closeSync(openSync(path, 'a', 0o600));
}
