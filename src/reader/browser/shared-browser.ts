import type { Browser } from 'playwright-core';
import { holdUntilExit } from '../../shared/index.js';
import { ReaderError } from '../errors.js';

/**
 * Chromium flags of the reader's browser. Every request a page makes is answered by the reader
 * itself (see `guardRequests`), so the browser needs no network of its own: its proxy is a port
 * nothing answers on, loopback included, and it resolves no host names. Anything that slips past
 * the interception (a redirect the browser follows itself, WebRTC) fails instead of reaching a host.
 */
const LAUNCH_ARGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
  '--mute-audio',
];

let shared: { path: string; browser: Promise<Browser> } | undefined;

async function launch(executablePath: string): Promise<Browser> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    throw new ReaderError({
      code: 'browser_unavailable',
      cause: error,
      message:
        'The browser needs the playwright-core package, which is not installed; run npm install playwright-core.',
    });
  }
  try {
    return await chromium.launch({
      executablePath,
      headless: true,
      // Chromium's sandbox cannot run as root; elsewhere it stays on, since pages run their scripts.
      chromiumSandbox: process.getuid?.() !== 0,
      args: LAUNCH_ARGS,
    });
  } catch (error) {
    throw new ReaderError({
      code: 'browser_unavailable',
      cause: error,
      message: `Could not start the browser ${executablePath}: ${(error as Error).message.split('\n')[0]}. Check that it runs, or pass another with --browser PATH.`,
    });
  }
}

/**
 * The process's one browser, launched on first use; launched again after it crashed or was
 * closed. A failed launch is not kept, so the next page tries again. Internal (left out of the
 * type declarations): its type is playwright-core's, an optional package.
 * @internal
 */
export async function sharedBrowser(executablePath: string): Promise<Browser> {
  const current = shared;
  if (current?.path === executablePath) {
    // A failed launch was reported to the page that asked for it; this page tries again.
    const browser = await current.browser.catch(() => undefined);
    if (browser?.isConnected()) return browser;
    // Another page noticed the crash first and is launching a new one: share it.
    if (shared !== current) return sharedBrowser(executablePath);
  }
  const previous = shared;
  const browser = launch(executablePath);
  shared = { path: executablePath, browser };
  // The CLI closes it after its command (`releaseProcessResources`) without importing the reader.
  holdUntilExit(closeSharedBrowser);
  browser.catch(() => {
    if (shared?.browser === browser) shared = undefined;
  });
  // A browser of another executable is closed once the new one is asked for: one per process.
  if (previous && previous.path !== executablePath) await closeBrowser(previous.browser);
  return browser;
}

async function closeBrowser(browser: Promise<Browser>): Promise<void> {
  const open = await browser.catch(() => undefined);
  await open?.close();
}

/** Closes the process's browser, if one was started (at shutdown); pages under way fail. */
export async function closeSharedBrowser(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await closeBrowser(current.browser);
}
