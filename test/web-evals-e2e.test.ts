import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/index.js';
import { loadDataset, runEvalJob } from '../src/eval/index.js';
import { silentLogger } from '../src/runs/index.js';
import { createMemoryStore } from '../src/store/index.js';
import { createFakeRunner } from '../src/testing/fake-runner.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { hasChromium, launchChromium } from './helpers/chromium.js';
import { ensureWebBuild } from './helpers/web-build.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');

let browser: Browser | undefined;
let http: Awaited<ReturnType<typeof listen>> | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureWebBuild();
  await mkdir(SCREENSHOTS, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'dr-web-evals-'));
  const store = createMemoryStore();
  const config = parseResearchConfig({ model: 'openai:gpt-4o-mini' });
  const dataset = await loadDataset({ path: join(ROOT, 'test/fixtures/eval/generic.jsonl') });
  // The fake engine answers "green" to everything: one question right, the others wrong.
  await runEvalJob({
    dataset,
    selected: dataset.questions,
    config,
    outDir: join(folder, 'eval-generic'),
    resume: false,
    concurrency: 2,
    store,
    runner: createFakeRunner({ answer: 'green [1].' }),
    logger: silentLogger,
  });
  const server = makeTestApp({ store, config, evalDirs: [folder], webDirectory: join(ROOT, 'web/dist') });
  http = await listen(server);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await http?.close();
});

describe.skipIf(!hasChromium)('evaluations in the web UI', () => {
  it('lists an evaluation, shows its summary with charts and questions, and opens a question’s run', async () => {
    const page = await (await browser!.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await page.goto(`${http!.url}/evals`);
    const table = page.getByTestId('evals-table');
    await table.waitFor();
    const row = table.locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().innerText()).toMatch(
      /eval-generic\s+generic\.jsonl\s+jsonl\s+openai:gpt-4o-mini\s+3\/3\s+33%/,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'evals-list.png'), fullPage: true });

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
            (row) =>
              `${row.querySelector('th')?.textContent}: ${row.querySelector('.share-text')?.textContent}`,
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
    await page.screenshot({ path: join(SCREENSHOTS, 'eval-summary.png'), fullPage: true });

    await right.getByRole('link').click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page.getByText('What colour is the door of the Alder Press?').first().waitFor();
  });
});
