/**
 * What the browser costs a read: the app-shell page and an ordinary article of the fake page server,
 * read fresh RUNS times each without the browser, with it (app shells rendered, no screenshot), and
 * with it plus a full-page screenshot. Prints the median wall time per read and the screenshot's size;
 * the first browser read (the launch) is timed on its own.
 * Run: npx tsx bench/browser-read.ts [runs, default 7]
 */
import {
  closeSharedBrowser,
  createBrowserRenderer,
  createReader,
  type PageRenderer,
} from '../src/reader/index.js';
import { appShellPages } from '../src/testing/app-shell-pages.js';
import { startFakePageServer } from '../src/testing/fake-page-server.js';
import { installedBrowser } from '../src/testing/vitest/browser.js';
import { median } from './lib/timing.js';

const RUNS = Number(process.argv[2] ?? 7);
if (!installedBrowser) {
  console.log('No Chromium/Chrome installed (apt-get install chromium): nothing to measure.');
  process.exit(0);
}
const pages = await startFakePageServer(
  appShellPages({ direct: 'http://10.0.0.1', redirect: 'http://10.0.0.1' }),
);
const rules = { allowHosts: [pages.host] };
const renderer: PageRenderer = createBrowserRenderer({ executable: installedBrowser, rules });

let screenshotBytes = 0;
async function timeRead(path: string, mode: 'static' | 'browser' | 'screenshot'): Promise<number> {
  const reader = createReader({
    ...rules,
    ...(mode === 'static' ? {} : { browser: renderer }),
    ...(mode === 'screenshot'
      ? { onScreenshot: (shot: { png: Uint8Array }) => (screenshotBytes = shot.png.byteLength) }
      : {}),
  });
  const started = performance.now();
  await reader.read(`${pages.origin}${path}`, { fresh: true });
  return performance.now() - started;
}

const launch = await timeRead('/app', 'browser');
console.log(`first browser read (launch included): ${launch.toFixed(0)} ms`);
for (const path of ['/app', '/static']) {
  for (const mode of ['static', 'browser', 'screenshot'] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await timeRead(path, mode));
    const size = mode === 'screenshot' ? `, PNG ${(screenshotBytes / 1024).toFixed(0)} KiB` : '';
    console.log(
      `${path.padEnd(8)} ${mode.padEnd(10)} median ${median(times).toFixed(0)} ms over ${RUNS}${size}`,
    );
  }
}
await closeSharedBrowser();
await pages.close();
