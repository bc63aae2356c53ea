import { homedir } from 'node:os';
import { join } from 'node:path';

/** Name of the application's folder inside the platform's data directory. */
const APP_DIRECTORY = 'deepresearch';

/** Where `userDataDirectory` looks; every field defaults to the running process. */
export interface DataDirectoryOptions {
  env: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * The user's data directory for DeepResearch: `$XDG_DATA_HOME` or `~/.local/share` (Linux and
 * others), `~/Library/Application Support` (macOS), `%APPDATA%` (Windows), each + `deepresearch`.
 * Nothing is created here; whoever writes a file there creates the folder.
 */
export function userDataDirectory(options: DataDirectoryOptions): string {
  const platform = options.platform ?? process.platform;
  const home = options.home ?? homedir();
  let base: string;
  if (platform === 'win32') base = options.env.APPDATA || join(home, 'AppData', 'Roaming');
  else if (platform === 'darwin') base = join(home, 'Library', 'Application Support');
  else base = options.env.XDG_DATA_HOME || join(home, '.local', 'share');
  return join(base, APP_DIRECTORY);
}
