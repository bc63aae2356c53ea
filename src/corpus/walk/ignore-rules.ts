import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { DEFAULT_IGNORES } from './file-kinds.js';

interface Level {
  /** Folder of the rules, relative to the root, '' for the root, else ending in `/`. */
  folder: string;
  rules: Ignore;
}

/**
 * The `.gitignore` rules in force in one folder: the defaults, the root's file and every nested
 * file on the way down, each applying to paths below its own folder, deeper files winning (so a
 * nested `!pattern` can re-include what a parent excluded, as in git).
 */
export class IgnoreRules {
  private constructor(private readonly levels: readonly Level[]) {}

  /** Rules at the root: the defaults plus the root's `.gitignore`. */
  static async forRoot(root: string): Promise<IgnoreRules> {
    const base = new IgnoreRules([{ folder: '', rules: ignore().add(DEFAULT_IGNORES as string[]) }]);
    return base.enter(root, '');
  }

  /** The rules inside `folder` (relative, '' or ending in `/`), adding its `.gitignore` if any. */
  async enter(root: string, folder: string): Promise<IgnoreRules> {
    let text: string;
    try {
      text = await readFile(join(root, folder, '.gitignore'), 'utf8');
    } catch (error) {
      // Most folders have no .gitignore.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this;
      throw error;
    }
    return new IgnoreRules([...this.levels, { folder, rules: ignore().add(text) }]);
  }

  /** Whether a path relative to the root (a folder ends in `/`) is ignored. */
  ignores(path: string): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (!path.startsWith(level.folder)) continue;
      const result = level.rules.test(path.slice(level.folder.length));
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
