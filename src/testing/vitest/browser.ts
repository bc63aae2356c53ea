import { findBrowser } from '../../reader/index.js';

/** The Chromium/Chrome `--browser` alone would use here, if one is installed. */
export const installedBrowser: string | undefined = (() => {
  try {
    return findBrowser('auto');
  } catch {
    // No browser on this machine: the tests that need one are skipped, and say so in their names.
    return undefined;
  }
})();

/** Appended to the name of a test that needs a browser, when it is skipped for want of one. */
export const needsBrowser = installedBrowser
  ? ''
  : ' [skipped: no Chromium/Chrome installed; apt-get install chromium]';
