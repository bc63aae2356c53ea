import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { McpToolError } from '../errors.js';

/** Whether `path` is `root` itself or inside it (both absolute and resolved). */
function isWithin(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/** The real path (symlinks followed), or the path as given when it does not exist. */
async function realOrSelf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    // A missing file keeps its lexical path: the guard still decides, and the reader says "not found".
    return path;
  }
}

/**
 * The local files the `read` tool may read: the operator's files and folders (a folder allows
 * everything under it). Paths are compared after symlinks are followed, so a link inside an
 * allowed folder cannot lead outside it. A refused path gets the same answer whether or not it
 * exists, so callers learn nothing about other files.
 */
export function createFileGuard(
  allowed: readonly string[],
  cwd: string,
  fixedBy: 'user' | 'operator' = 'user',
) {
  const roots = Promise.all(allowed.map((entry) => realOrSelf(resolve(cwd, entry))));
  return {
    /** The absolute path to read; throws `McpToolError` `file_not_allowed` outside the allowed files. */
    async check(path: string): Promise<string> {
      const absolute = await realOrSelf(resolve(cwd, path));
      if ((await roots).some((root) => isWithin(root, absolute))) return absolute;
      // Remote clients cannot pass flags: they are told what they can do, not how to start a server.
      const how =
        fixedBy === 'operator'
          ? allowed.length === 0
            ? "This server reads no local files for its clients; read an http(s) URL (only the server's operator can allow files)."
            : "Read an http(s) URL, or a file under the folders the server's operator allowed."
          : allowed.length === 0
            ? 'This server reads no local files; its operator can allow some with --allow-file PATH.'
            : 'Read an http(s) URL, or a file under the folders the operator allowed with --allow-file.';
      throw new McpToolError({
        code: 'file_not_allowed',
        message: `Refused to read the local path "${path}". ${how}`,
      });
    },
  };
}
