import { accessSync, constants, statSync } from 'node:fs';
import { ReaderError } from '../errors.js';
import { BROWSER_PATHS } from './browser-paths.js';

/** Whether a path is a file this process may execute. */
function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    // A missing or unreadable path is simply not a browser; the caller names every path tried.
    return false;
  }
}

/**
 * The Chromium/Chrome executable `--browser` names: `auto` finds the first installed one of
 * `BROWSER_PATHS`, anything else is a path that must be executable. Throws `ReaderError`
 * `browser_unavailable` saying what was tried and how to fix it.
 */
export function findBrowser(setting: string, options: { exists?: (path: string) => boolean } = {}): string {
  const exists = options.exists ?? isExecutable;
  if (setting !== 'auto') {
    if (exists(setting)) return setting;
    throw new ReaderError({
      code: 'browser_unavailable',
      message: `--browser names ${setting}, which is not an executable file; give the path of Chromium or Chrome, or --browser alone to find one.`,
    });
  }
  const found = BROWSER_PATHS.find((path) => exists(path));
  if (found) return found;
  throw new ReaderError({
    code: 'browser_unavailable',
    message: `--browser found no Chromium or Chrome (looked at ${BROWSER_PATHS.join(', ')}); install one (e.g. apt-get install chromium) or pass its path: --browser /path/to/chrome.`,
  });
}
