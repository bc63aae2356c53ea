/**
 * Issue 42's remembered run that could not be opened: a run on the command line with `--db` leaves
 * a memory but no run. A server run that draws on it names it under "Remembered runs" without a
 * link (the link led to "Could not load run"), and links the server's own remembered runs.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { hasChromium, launchChromium } from './helpers/chromium.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';
import { ensureWebBuild } from './helpers/web-build.js';

const SCREENSHOTS = join(fileURLToPath(new URL('..', import.meta.url)), 'test-output', 'screenshots');

describe.skipIf(!hasChromium)('remembered runs in the web UI', () => {
  let directory: string;
  let world: DemoWorld;
  let server: { url: string; child: ChildProcess } | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await ensureWebBuild();
    await mkdir(SCREENSHOTS, { recursive: true });
    directory = await mkdtemp(join(tmpdir(), 'deepresearch-web-memory-'));
    world = await startDemoWorld();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopServe(server?.child);
    await world?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** Starts a run through the API and opens its page once it has ended. */
  async function openRun(question: string): Promise<string> {
    const started = await fetch(`${server?.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question, options: {} }),
    });
    const { id } = (await started.json()) as { id: string };
    await page.goto(`${server?.url}/runs/${id}`);
    await page.locator('[data-testid="memory-use"]').first().waitFor({ timeout: 60_000 });
    return id;
  }

  it('names a command-line run it remembered without a dead link, and links a server run', async () => {
    const database = join(directory, 'runs.db');
    const cli = await runCli(
      ['How tall is the Eiffel Tower?', ...world.args, '--no-direct-answer', '--quiet', '--db', database],
      { env: { XDG_DATA_HOME: directory } },
    );
    expect(cli.code, cli.stderr).toBe(0);
    server = await startServe(['--db', database, ...world.args, '--no-direct-answer'], {
      env: { XDG_DATA_HOME: directory },
      timeoutMs: 30_000,
    });
    const first = await openRun('How tall is the Eiffel Tower in metres?');
    const fromCli = page.locator('[data-testid="memory-use"]', {
      hasText: /^How tall is the Eiffel Tower\? /,
    });
    await fromCli.getByText('its run is not kept here').waitFor();
    expect(await fromCli.locator('a').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'remembered-cli-run.png'), fullPage: true });
    // A memory is kept when its run ends: the next run can draw on the first once it has.
    for (let polls = 0; polls < 120; polls += 1) {
      const detail = (await (await fetch(`${server.url}/api/runs/${first}`)).json()) as { status: string };
      if (!['queued', 'running', 'needs_input'].includes(detail.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // A run the server kept is linked, and its link opens it.
    await openRun('How tall is the Eiffel Tower in metres, exactly?');
    const link = page.locator('[data-testid="memory-use"] a', {
      hasText: 'How tall is the Eiffel Tower in metres?',
    });
    await link.waitFor();
    await link.click();
    await page.waitForURL(`**/runs/${first}`);
    expect(await page.getByText('Could not load run').count()).toBe(0);
  }, 180_000);
});
