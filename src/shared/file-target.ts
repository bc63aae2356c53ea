import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Why a file cannot be written at `path`, or undefined when it can: the folder must exist (or be
 * created, one level at a time, with `createFolders`) and the file must open for writing. Proven by
 * opening it (appending, so nothing is lost; a file made only for the test is removed), which also
 * catches read-only and virtual file systems that permission bits do not show.
 */
export async function fileTargetProblem(
  path: string,
  options: { createFolders?: boolean } = {},
): Promise<string | undefined> {
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) return `${path} is a folder`;
  const folder = await folderProblem(dirname(path), options.createFolders ?? false);
  if (folder) return folder;
  try {
    const handle = await open(path, existing ? 'a' : 'wx');
    await handle.close();
    if (!existing) await unlink(path);
  } catch (error) {
    return `${path} cannot be written (${(error as NodeJS.ErrnoException).code ?? error})`;
  }
  return undefined;
}

/**
 * Checks (and with `create`, makes) a folder without `mkdir -p`: Node's recursive mkdir never
 * returns under /proc (`mkdirSync('/proc/x', { recursive: true })` spins), so each missing level
 * is made on its own below the nearest one that exists.
 */
async function folderProblem(folder: string, create: boolean): Promise<string | undefined> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => error);
  if (!(info instanceof Error)) return info.isDirectory() ? undefined : `${folder} is not a folder`;
  if (info.code !== 'ENOENT') return `the folder ${folder} cannot be read (${info.code})`;
  if (!create || dirname(folder) === folder) return `the folder ${folder} does not exist`;
  const parent = await folderProblem(dirname(folder), create);
  if (parent) return parent;
  try {
    await mkdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') return `the folder ${folder} cannot be created (${code})`;
  }
  return undefined;
}
