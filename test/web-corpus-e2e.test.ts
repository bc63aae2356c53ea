/**
 * The web UI in headless Chromium against `deepresearch serve --corpus <folder>` with a fake model
 * that researches code: the Options offer the registered corpus, and a file citation shows its
 * lines as code on hover and in Sources.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeResearcher } from '../src/testing/code-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { hasChromium, launchChromium } from './helpers/chromium.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { startServe, stopServe } from './helpers/serve.js';
import { ensureWebBuild } from './helpers/web-build.js';

const SCREENSHOTS = join(fileURLToPath(new URL('..', import.meta.url)), 'test-output', 'screenshots');

describe.skipIf(!hasChromium)('web UI with a registered corpus', () => {
  let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
  let directory: string;
  let llm: FakeLlmServer;
  let server: { url: string; child: ChildProcess };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await ensureWebBuild();
    await mkdir(SCREENSHOTS, { recursive: true });
    fixture = await copyCorpusFixture();
    directory = await mkdtemp(join(tmpdir(), 'deepresearch-web-corpus-'));
    llm = await startFakeLlmServer({ script: codeResearcher() });
    server = await startServe(
      [
        '--db',
        join(directory, 'runs.db'),
        '--model',
        'openai-compatible:fake',
        '--base-url',
        llm.url,
        '--corpus',
        fixture.root,
        '--no-direct-answer',
      ],
      { env: { XDG_DATA_HOME: directory } },
    );
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopServe(server?.child);
    await llm?.close();
    await fixture?.cleanup();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('offers the corpus in Options and renders a file citation as code on hover and in Sources', async () => {
    await page.goto(server.url);
    await page.locator('.ask-options summary').click();
    const corpus = page.locator('input[name="corpus"][value="repo"]');
    await corpus.waitFor();
    expect(await page.locator('input[name="web"]').isDisabled()).toBe(true);
    await corpus.check();
    expect(await page.locator('input[name="web"]').isDisabled()).toBe(false);
    // The corpora's legend keeps its line and the three host fields line up, on a desktop and a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const legend = await page.locator('fieldset.corpora legend').boundingBox();
      const lineHeight = await page
        .locator('fieldset.corpora legend')
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
      expect(legend?.height).toBeLessThan(lineHeight * 1.5);
      const hosts = await page
        .locator('.host-fields input')
        .evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect()));
      if (width === 1280) expect(new Set(hosts.map((box) => Math.round(box.top))).size).toBe(1);
      else expect(new Set(hosts.map((box) => Math.round(box.left))).size).toBe(1);
      await page.screenshot({ path: join(SCREENSHOTS, `corpus-options-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.locator('#question').fill('How does the Router match request paths?');
    await page.locator('#question').press('Enter');
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page.locator('article.run[data-status="completed"]').waitFor({ timeout: 60_000 });

    const citation = page.locator('.citation-link').first();
    expect(await citation.getAttribute('href')).toBeNull();
    await citation.hover();
    const tooltip = page.locator('.citation-tooltip').first();
    await tooltip.waitFor({ state: 'visible' });
    const code = tooltip.locator('pre.citation-code code');
    expect(await code.textContent()).toMatch(/Router|matchPath|route/);
    expect(await tooltip.textContent()).toMatch(/src\/router\.ts:\d+-\d+/);
    expect(await tooltip.textContent()).toContain('quote found in these lines of the file');
    await page.screenshot({ path: join(SCREENSHOTS, 'corpus-citation-hover.png'), fullPage: true });

    const sources = page.locator('[data-testid="sources"]');
    const figure = sources.locator('figure.file-quote').first();
    await figure.waitFor();
    expect(await figure.locator('figcaption').textContent()).toMatch(/src\/router\.ts:\d+-\d+/);
    expect(await figure.locator('pre code').textContent()).toMatch(/\S/);
  }, 120_000);
});
