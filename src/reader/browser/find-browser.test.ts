import { describe, expect, it } from 'vitest';
import { BROWSER_PATHS } from './browser-paths.js';
import { findBrowser } from './find-browser.js';

describe('findBrowser', () => {
  it('takes the first installed browser for auto, and a given path only when it exists', () => {
    const installed = new Set([BROWSER_PATHS[2]!, BROWSER_PATHS[4]!]);
    const exists = (path: string) => installed.has(path);
    expect(findBrowser('auto', { exists })).toBe(BROWSER_PATHS[2]);
    expect(findBrowser(BROWSER_PATHS[4]!, { exists })).toBe(BROWSER_PATHS[4]);
    expect(() => findBrowser('/opt/none/chrome', { exists })).toThrow(
      expect.objectContaining({
        code: 'browser_unavailable',
        message: expect.stringContaining('/opt/none/chrome'),
      }),
    );
  });

  it('says where it looked and how to fix it when no browser is installed', () => {
    let error: unknown;
    try {
      findBrowser('auto', { exists: () => false });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'browser_unavailable' });
    expect((error as Error).message).toContain('/usr/bin/chromium');
    expect((error as Error).message).toContain('--browser /path/to/chrome');
  });

  it('does not take a directory for a browser', () => {
    expect(() => findBrowser('/usr/bin')).toThrow(expect.objectContaining({ code: 'browser_unavailable' }));
  });
});
