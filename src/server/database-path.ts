import { join } from 'node:path';
import { type DataDirectoryOptions, userDataDirectory } from '../shared/index.js';
import { DEFAULT_DB_FILE } from './constants.js';

/**
 * Where the server keeps its database when --db is not given: the user's data directory
 * (see `userDataDirectory`) + `deepresearch.db`. The folder is created on first use by the store.
 */
export function defaultDatabasePath(options: DataDirectoryOptions): string {
  return join(userDataDirectory(options), DEFAULT_DB_FILE);
}
