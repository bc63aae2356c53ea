import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { INDEX_SLICE_MS } from '../constants.js';
import { IgnoreRules } from './ignore-rules.js';
import { isInside } from './is-inside.js';

/**
 * What a byte of a file name that is not UTF-8 reads as (U+FFFD): the name read no longer opens the
 * file, which would be skipped without a word.
 */
const UNREADABLE_NAME_MARK = '\uFFFD';

/** A file the walk found, not yet read. */
export interface WalkedFile {
  /** Relative to the root, `/`-separated. */
  path: string;
  absolute: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every file under `root` (a real, absolute path) that no `.gitignore` excludes, in a stable order.
 * Symbolic links to files are kept when their target is inside the root; links to folders are not
 * followed (no cycles, no leaving the root). An ignore file that cannot be used, and a file whose
 * name is not UTF-8 (which cannot be opened by the name read for it), are reported to `onWarning`.
 * The event loop gets a turn every `INDEX_SLICE_MS`, however large a folder.
 */
export async function* walkFiles(
  root: string,
  options: { onWarning?: (message: string) => void } = {},
): AsyncGenerator<WalkedFile> {
  const pending: Array<{ folder: string; rules: IgnoreRules }> = [
    { folder: '', rules: await IgnoreRules.forRoot(root, options.onWarning) },
  ];
  let slice = performance.now();
  while (pending.length > 0) {
    const { folder, rules } = pending.pop()!;
    const entries: Dirent[] = await readdir(join(root, folder), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: string[] = [];
    for (const entry of entries) {
      if (performance.now() - slice > INDEX_SLICE_MS) {
        await yieldToEventLoop();
        slice = performance.now();
      }
      const path = `${folder}${entry.name}`;
      if (entry.isDirectory()) {
        if (!rules.ignores(`${path}/`)) subfolders.push(`${path}/`);
        continue;
      }
      if (rules.ignores(path)) continue;
      const absolute = join(root, path);
      // A link that dangles, or a file removed since readdir, is simply not a file to index.
      if (entry.isSymbolicLink()) {
        const target = await realpath(absolute).catch(() => undefined);
        if (!target || !isInside(root, target)) continue;
      } else if (!entry.isFile()) continue;
      const info = await stat(absolute).catch(() => undefined);
      if (!info && entry.isFile() && entry.name.includes(UNREADABLE_NAME_MARK)) {
        options.onWarning?.(
          `Skipped ${path}: its name is not valid UTF-8, so it cannot be opened by the name read for it; rename the file to index it.`,
        );
      }
      if (!info?.isFile()) continue;
      yield { path, absolute, size: info.size, mtimeMs: info.mtimeMs };
    }
    // Depth-first, in name order: pushed in reverse so the first folder is walked first.
    for (const subfolder of subfolders.reverse()) {
      pending.push({ folder: subfolder, rules: await rules.enter(root, subfolder, options.onWarning) });
    }
  }
}
