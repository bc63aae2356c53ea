import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); browser tests skip, saying so, without it. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Headless Chromium through playwright-core; `args` are added to the usual headless flags. */
export async function launchChromium(args: string[] = []): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...args,
    ],
  });
}
