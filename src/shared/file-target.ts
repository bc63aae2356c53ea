import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Why a file cannot be written at `path`, or undefined when it can: the folder must exist (or be
 * created, one level at a time and readable by its owner only, with `createFolders`) and the file
 * must open for writing. Proven by opening it (appending, so nothing is lost; a file made only for
 * the test is removed), which also catches read-only and virtual file systems that permission bits
 * do not show. The words name the path, never a flag: each caller says where the path came from.
 */
export async function fileTargetProblem(
  path: string,
  options: { createFolders?: boolean } = {},
): Promise<string | undefined> {
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) return `${path} is a folder`;
  const folder = await folderTargetProblem(dirname(path), { create: options.createFolders ?? false });
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
 * Why `folder` cannot hold files, or undefined when it can; with `create`, missing levels are made
 * (owner-only, 0700: they hold runs, indexes and results). Without `mkdir -p`: Node's recursive mkdir
 * never returns under /proc (`mkdirSync('/proc/x', { recursive: true })` spins), so each missing
 * level is made on its own below the nearest one that exists.
 */
export async function folderTargetProblem(
  folder: string,
  options: { create?: boolean } = {},
): Promise<string | undefined> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => error);
  if (!(info instanceof Error)) return info.isDirectory() ? undefined : `${folder} is a file, not a folder`;
  if (info.code !== 'ENOENT') return `the folder ${folder} cannot be read (${info.code})`;
  if (!options.create || dirname(folder) === folder) return `the folder ${folder} does not exist`;
  const parent = await folderTargetProblem(dirname(folder), options);
  if (parent) return parent;
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') return `the folder ${folder} cannot be created (${code})`;
  }
  return undefined;
}
