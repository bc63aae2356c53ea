import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { CorpusError } from '../errors.js';
import { isInside } from '../walk/index.js';

const windows = process.platform === 'win32';
/**
 * Only Windows separates with `\\` and has drive letters: elsewhere `notes\\draft.md` and `c:x` are
 * names of files like any other (and the index lists them so).
 */
const SEPARATOR = windows ? /[\\/]/ : '/';
const ABSOLUTE = windows ? /^(?:[a-z]:|[\\/]|~(?:[\\/]|$))/i : /^(?:\/|~(?:\/|$))/;

/**
 * Checks a path given by a caller (a model, an API client) and returns it clean, `/`-separated
 * and relative to the root. Absolute paths, `..` segments and paths whose real location (after
 * symbolic links) is outside the root throw `CorpusError` `path_outside_corpus`; a missing file
 * throws `file_not_found`.
 */
export async function confinePath(root: string, path: string): Promise<string> {
  const outside = (why: string) =>
    new CorpusError({
      code: 'path_outside_corpus',
      path,
      message: `"${path}" ${why}; give a path relative to the corpus root, as search results show them.`,
    });
  if (ABSOLUTE.test(path)) throw outside('is absolute');
  const segments = path.split(SEPARATOR).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw outside('climbs out with ".."');
  if (segments.length === 0) throw outside('names no file');
  const clean = segments.join('/');
  let real: string;
  try {
    real = await realpath(join(root, clean));
  } catch (error) {
    throw new CorpusError({
      code: 'file_not_found',
      path,
      cause: error,
      message: `No file "${clean}" in the corpus; search the corpus or read the map for paths.`,
    });
  }
  if (!isInside(root, real)) throw outside('is a link that leads outside the corpus');
  return clean;
}
