import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_DB_DIRECTORY, DEFAULT_DB_FILE } from './constants.js';

/**
 * Where the server keeps its database when --db is not given: the user's data directory
 * (`$XDG_DATA_HOME` or `~/.local/share`; `~/Library/Application Support` on macOS; `%APPDATA%` on
 * Windows) + `deepresearch/deepresearch.db`. The folder is created on first use by the store.
 */
export function defaultDatabasePath(options: {
  env: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  home?: string;
}): string {
  const platform = options.platform ?? process.platform;
  const home = options.home ?? homedir();
  let base: string;
  if (platform === 'win32') base = options.env.APPDATA || join(home, 'AppData', 'Roaming');
  else if (platform === 'darwin') base = join(home, 'Library', 'Application Support');
  else base = options.env.XDG_DATA_HOME || join(home, '.local', 'share');
  return join(base, DEFAULT_DB_DIRECTORY, DEFAULT_DB_FILE);
}
