import { describeError } from '../../errors.js';
import { MAX_IGNORE_FILE_BYTES } from '../constants.js';
import { DEFAULT_IGNORES } from './file-kinds.js';
import { type IgnoreRule, parseIgnoreLine, ruleMatches } from './ignore-pattern.js';
import { readInside } from './read-inside.js';

interface Level {
  /** Folder of the rules, relative to the root, '' for the root, else ending in `/`. */
  folder: string;
  rules: readonly IgnoreRule[];
}

/** Compiles the lines of an ignore file (or of the defaults). */
export function parseIgnoreLines(lines: readonly string[]): IgnoreRule[] {
  return lines.flatMap((line) => parseIgnoreLine(line) ?? []);
}

const DEFAULT_RULES = parseIgnoreLines(DEFAULT_IGNORES);

/**
 * The `.gitignore` rules in force in one folder: the defaults, the root's file and every nested
 * file on the way down, each applying to paths below its own folder, the last matching rule
 * deciding (so a nested `!pattern` can re-include what a parent excluded, as in git). An ignore
 * file is read only when it is a regular file inside the root of at most `MAX_IGNORE_FILE_BYTES`;
 * any other (a FIFO, a folder, a link to a device or out of the root) is skipped with a warning.
 */
export class IgnoreRules {
  private constructor(private readonly levels: readonly Level[]) {}

  /** Rules at the root: the defaults plus the root's `.gitignore`. */
  static async forRoot(root: string, onWarning?: (message: string) => void): Promise<IgnoreRules> {
    return new IgnoreRules([{ folder: '', rules: DEFAULT_RULES }]).enter(root, '', onWarning);
  }

  /** The rules inside `folder` (relative, '' or ending in `/`), adding its `.gitignore` if any. */
  async enter(root: string, folder: string, onWarning?: (message: string) => void): Promise<IgnoreRules> {
    const path = `${folder}.gitignore`;
    const skipped = (why: string) => {
      onWarning?.(`${path} was not read (${why}); its patterns do not apply.`);
      return this;
    };
    let read: Awaited<ReturnType<typeof readInside>>;
    try {
      read = await readInside({ root, path, limit: MAX_IGNORE_FILE_BYTES });
    } catch (error) {
      // Most folders have no .gitignore.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this;
      return skipped(describeError(error).message);
    }
    if ('problem' in read) return skipped(read.message);
    const lines = new TextDecoder('utf-8').decode(read.bytes).split('\n');
    return new IgnoreRules([...this.levels, { folder, rules: parseIgnoreLines(lines) }]);
  }

  /** Whether a path relative to the root (a folder ends in `/`) is ignored. */
  ignores(path: string): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (!path.startsWith(level.folder)) continue;
      const relative = path.slice(level.folder.length);
      for (const rule of level.rules) if (ruleMatches(rule, relative)) ignored = !rule.negative;
    }
    return ignored;
  }
}
