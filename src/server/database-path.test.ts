import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDatabasePath } from './database-path.js';

describe('default database path', () => {
  it('follows each platform’s data directory convention', () => {
    const home = '/home/ada';
    expect(defaultDatabasePath({ env: {}, platform: 'linux', home })).toBe(
      join(home, '.local', 'share', 'deepresearch', 'deepresearch.db'),
    );
    expect(defaultDatabasePath({ env: { XDG_DATA_HOME: '/data' }, platform: 'linux', home })).toBe(
      join('/data', 'deepresearch', 'deepresearch.db'),
    );
    expect(defaultDatabasePath({ env: {}, platform: 'darwin', home })).toBe(
      join(home, 'Library', 'Application Support', 'deepresearch', 'deepresearch.db'),
    );
    expect(
      defaultDatabasePath({ env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, platform: 'win32', home }),
    ).toBe(join('C:\\Users\\ada\\AppData\\Roaming', 'deepresearch', 'deepresearch.db'));
  });
});
