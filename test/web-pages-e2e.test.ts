/**
 * Every page of the web UI in headless Chromium against an in-process server holding stored runs
 * and evaluations (no engine runs, so it is quick): at 1280 and 390 px no box hides its text, long
 * content is on the page, and axe-core finds nothing serious or critical in light or dark.
 * Screenshots go to test-output/screenshots/pages-*.png for people to look at.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/schemas.js';
import { loadDataset, runEvalJob } from '../src/eval/index.js';
import { silentLogger } from '../src/runs/index.js';
import { createMemoryStore, type RunStore } from '../src/store/index.js';
import { createFakeRunner } from '../src/testing/fake-runner.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { longReportRun, normalRun, stoppedRun } from '../web/src/state/fixtures/index.js';
import { hasChromium, launchChromium } from './helpers/chromium.js';
import { clippedBoxes, seriousViolations } from './helpers/page-checks.js';
import { seedRun } from './helpers/seed-runs.js';
import { ensureWebBuild } from './helpers/web-build.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type Server = Awaited<ReturnType<typeof listen>>;

/** Runs an evaluation of the generic dataset whose fake engine answers `answer` to every question. */
async function evaluate(store: RunStore, folder: string, name: string, answer: string): Promise<void> {
  const dataset = await loadDataset({ path: join(ROOT, 'test/fixtures/eval/generic.jsonl') });
  await runEvalJob({
    dataset,
    selected: dataset.questions,
    config: parseResearchConfig({ model: 'openai:gpt-4o-mini' }),
    outDir: join(folder, name),
    resume: false,
    concurrency: 2,
    store,
    runner: createFakeRunner({ answer }),
    logger: silentLogger,
  });
}

let browser: Browser | undefined;
/** Stored runs, and one evaluation with one question right of three. */
let server: Server | undefined;
/** Two evaluations that got every question wrong. */
let zeroServer: Server | undefined;
/** A server that asks for a token. */
let lockedServer: Server | undefined;
let folder = '';
let evalId = '';

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureWebBuild();
  await mkdir(SCREENSHOTS, { recursive: true });
  folder = await mkdtemp(join(tmpdir(), 'dr-web-pages-'));
  const config = parseResearchConfig({ model: 'openai:gpt-4o-mini' });
  const webDirectory = join(ROOT, 'web/dist');
  const store = createMemoryStore();
  for (const run of [normalRun, stoppedRun, longReportRun]) await seedRun(store, run);
  // The fake engine answers "green" to everything: one question right, the others wrong.
  await evaluate(store, join(folder, 'mixed'), 'eval-generic', 'green [1].');
  server = await listen(makeTestApp({ store, config, evalDirs: [join(folder, 'mixed')], webDirectory }));
  const zeroStore = createMemoryStore();
  await evaluate(zeroStore, join(folder, 'zero'), 'eval-purple', 'purple [1].');
  await evaluate(zeroStore, join(folder, 'zero'), 'eval-violet', 'violet [1].');
  zeroServer = await listen(
    makeTestApp({ store: zeroStore, config, evalDirs: [join(folder, 'zero')], webDirectory }),
  );
  lockedServer = await listen(makeTestApp({ config, authTokens: ['pages-token'], webDirectory }));
  const list = (await (await fetch(`${server.url}/api/evals`)).json()) as { evals: { id: string }[] };
  evalId = list.evals[0]?.id ?? '';
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), zeroServer?.close(), lockedServer?.close()]);
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A fresh page at `viewport`, showing `path` of `base` once `ready` is on it. */
async function open(
  base: Server | undefined,
  path: string,
  ready: string,
  viewport: { width: number; height: number } = WIDTHS[0].viewport,
): Promise<Page> {
  const page = await (await browser!.newContext({ viewport })).newPage();
  await page.goto(`${base!.url}${path}`);
  await page.locator(ready).first().waitFor();
  return page;
}

/** One h1, and nothing serious or critical for axe-core, in light and in dark. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await page.locator('h1').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `pages-${name}.png`), fullPage: true });

/** How many lines an element's text takes. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  );

describe.skipIf(!hasChromium)('every page of the web UI', () => {
  for (const { name, viewport } of WIDTHS) {
    it(`shows a long report whole on a ${name}: every section, its support line and the full evaluation`, async () => {
      const page = await open(
        server,
        '/runs/run-long-report',
        'article.run[data-status="completed"]',
        viewport,
      );
      expect(await clippedBoxes(page)).toEqual([]);
      const answer = page.getByTestId('answer');
      expect(await answer.locator('h4').allTextContents()).toEqual([
        'Summary',
        'Findings',
        'Conclusion',
        'References',
      ]);
      expect(await answer.getByTestId('claims').textContent()).toBe(
        '✓ 5 of 5 claims supported by their quotes (100%)',
      );
      const evaluation = page.getByTestId('final-evaluation');
      expect(await evaluation.locator('h4').allTextContents()).toEqual([
        'Strengths',
        'Weaknesses',
        'Recommendations',
      ]);
      expect(await evaluation.locator('li').last().textContent()).toBe(
        'Recommendation three: compare cable-stayed records separately.',
      );
      // Long lists show their newest (trace) or first (sources) items and say how many more there are.
      const trace = page.getByTestId('trace');
      expect(await trace.locator('.trace-entry').count()).toBe(10);
      await page.getByRole('button', { name: 'Show 4 earlier steps' }).click();
      expect(await trace.locator('.trace-entry').count()).toBe(14);
      await page.getByRole('button', { name: 'Show all 56 found' }).click();
      expect(await page.getByTestId('sources').locator('li').count()).toBe(5 + 56);
      expect(await clippedBoxes(page)).toEqual([]);
      // The top bar keeps each link on one line, also on a phone.
      expect(await linesOf(page, '.top nav a')).toEqual([1, 1, 1]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await shot(page, `report-${name}`);
      if (name === 'desktop') {
        await expectAccessible(page);
        await page.emulateMedia({ colorScheme: 'dark' });
        await shot(page, 'report-dark');
      }
      await page.context().close();
    });
  }

  it('says once that a stopped run’s sentences were not checked, and marks none unsupported', async () => {
    const page = await open(server, '/runs/run-stopped', 'article.run[data-status="cancelled"]');
    expect(await page.getByTestId('claims').textContent()).toBe('2 sentences not checked (cancelled)');
    expect(await page.getByText('not checked (cancelled)').count()).toBe(2); // answer and Evaluation
    expect(await page.getByText(/not supported/).count()).toBe(0);
    const marked = await page.evaluate(() => CSS.highlights.get('unsupported-claim')?.size ?? 0);
    expect(marked).toBe(0);
    // A finished run called no model: not "yet".
    expect(await page.getByTestId('run-metrics').textContent()).toContain('No model calls.');
    await shot(page, 'stopped');
    await expectAccessible(page);
    await page.context().close();
  });

  it('closes a citation’s tooltip with Escape, and keeps it open while the pointer is on it', async () => {
    const page = await open(server, '/runs/run-long-report', '.citation-link');
    const citation = page.locator('.citation-link').first();
    const tooltip = page.locator('.citation-tooltip').first();
    await citation.hover();
    await tooltip.waitFor({ state: 'visible' });
    await tooltip.hover();
    expect(await tooltip.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    await citation.focus();
    await tooltip.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
    expect(await citation.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  for (const { name, viewport } of WIDTHS) {
    it(`shows the dashboard’s cards whole on a ${name}, and a bar’s values from the keyboard`, async () => {
      const page = await open(server, '/dashboard', '[data-testid="dashboard-figures"]', viewport);
      await page.locator('select').selectOption('all');
      await expect
        .poll(() => page.getByTestId('dashboard-evaluation').textContent())
        .toMatch(/relevance \d+(\.\d+)? · accuracy \S+ · completeness \S+ · sources \S+$/);
      expect(await clippedBoxes(page)).toEqual([]);
      const tokens = page.locator('.bar-chart', { hasText: 'Tokens' });
      await tokens.getByRole('listbox').focus();
      await page.keyboard.press('End');
      expect(await tokens.getByTestId('bar-readout').textContent()).toMatch(/: tokens \d/);
      expect(await tokens.locator('[role="option"][aria-selected="true"]').count()).toBe(1);
      await shot(page, `dashboard-${name}`);
      if (name === 'desktop') await expectAccessible(page);
      await page.context().close();
    });
  }

  it('lists an evaluation, shows its summary with charts and questions, and opens a question’s run', async () => {
    const page = await open(server, '/evals', '[data-testid="evals-table"]');
    const row = page.getByTestId('evals-table').locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().innerText()).toMatch(
      /eval-generic\s+generic\.jsonl\s+jsonl\s+openai:gpt-4o-mini\s+3\/3\s+33%/,
    );
    await shot(page, 'evals-list');
    await expectAccessible(page);

    await row.first().getByRole('link', { name: 'eval-generic' }).click();
    const figures = page.getByTestId('eval-figures');
    await figures.waitFor();
    expect(await figures.innerText()).toMatch(/Accuracy \(exact match\)\s+33%\s+3 of 3 questions done/);
    expect(page.url()).toMatch(/\/evals\/[0-9a-f]{12}$/);
    const charts = page.locator('figure.bar-chart figcaption, figure.share-bars figcaption');
    expect(await charts.allInnerTexts()).toEqual(
      expect.arrayContaining([
        'Accuracy by question type',
        'Right and wrong by run status',
        expect.stringMatching(/^Questions by duration/),
        expect.stringMatching(/^Questions by cost/),
      ]),
    );
    // Every question type and run state is named beside its bar.
    const rowsOf = (title: string) =>
      page
        .locator('figure.share-bars', { hasText: title })
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map(
            (item) =>
              `${item.querySelector('th')?.textContent}: ${item.querySelector('.share-text')?.textContent}`,
          ),
        );
    expect(await rowsOf('Accuracy by question type')).toEqual([
      'lookup: 50% of 2',
      '(none): 0% of 1',
      'yes-no: 0% of 1',
    ]);
    expect(await rowsOf('Right and wrong by run status')).toEqual(['completed: 1 right, 2 wrong']);
    const questions = page.getByTestId('eval-questions').locator('tbody tr');
    expect(await questions.count()).toBe(3);
    const right = page.getByTestId('eval-questions').locator('tr.is-right');
    expect(await right.innerText()).toMatch(
      /g1\s+What colour is the door of the Alder Press\?\s+green\s+green\.?\s+yes/,
    );
    await shot(page, 'eval-summary');
    await expectAccessible(page);

    await right.getByRole('link').click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page.getByText('What colour is the door of the Alder Press?').first().waitFor();
    await page.context().close();
  });

  it('shows an evaluation on a phone: its title on one line, each question as a card', async () => {
    const page = await open(server, `/evals/${evalId}`, '[data-testid="eval-questions"]', WIDTHS[1].viewport);
    expect(await clippedBoxes(page)).toEqual([]);
    expect(await linesOf(page, 'h1')).toEqual([1]);
    // Questions are not squeezed to a word a line: each takes the card's width.
    const widths = await page
      .getByTestId('eval-questions')
      .locator('td[data-label="Question"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeGreaterThan(300);
    await shot(page, 'eval-phone');
    await page.context().close();
    const list = await open(server, '/evals', '[data-testid="evals-table"]', WIDTHS[1].viewport);
    expect(await clippedBoxes(list)).toEqual([]);
    await list.context().close();
  });

  it('says every evaluation scored 0% instead of drawing an empty chart', async () => {
    const page = await open(zeroServer, '/evals', '[data-testid="evals-table"]');
    const chart = page.locator('figure.bar-chart', { hasText: 'Accuracy per evaluation' });
    expect(await chart.getByTestId('bar-empty').textContent()).toBe(
      'Every evaluation scored 0% accuracy (2 evaluations).',
    );
    expect(await chart.locator('svg').count()).toBe(0);
    await shot(page, 'evals-zero');
    await expectAccessible(page);
    await page.context().close();
  });

  it('offers a skip link to the page’s content first', async () => {
    const page = await open(server, '/', 'form.ask');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });

  it('finds nothing serious with axe-core on the home and token pages either, light and dark', async () => {
    const home = await open(server, '/', 'form.ask h1');
    await home.locator('.ask-options summary').click();
    // With a question the Research button is enabled, and its colours count.
    await home.locator('#question').fill('How long is the longest bridge?');
    await expectAccessible(home);
    await shot(home, 'home');
    await home.emulateMedia({ colorScheme: 'dark' });
    await shot(home, 'home-dark');
    await home.context().close();
    const token = await open(lockedServer, '/', 'h1:has-text("Access token")');
    await expectAccessible(token);
    await token.context().close();
  });
});
