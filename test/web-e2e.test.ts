/**
 * The web UI in headless Chromium against the real `deepresearch serve` (a child process running
 * the TypeScript sources) with the fake model, search and page servers. Screenshots go to
 * test-output/screenshots/ for people to look at.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { evaluationReply } from '../src/testing/honest-evaluator.js';
import { CHROMIUM, hasChromium, launchChromium } from './helpers/chromium.js';
import { seriousViolations } from './helpers/page-checks.js';
import { startServe, stopServe } from './helpers/serve.js';
import { ensureWebBuild } from './helpers/web-build.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');
/** Questions containing this word get a slow model, so they can be watched, reloaded and stopped. */
const SLOW_WORD = 'slowly';
/** Questions containing this word get a model that answers every call with HTTP 500. */
const BROKEN_WORD = 'broken';
/** Questions containing this word get an evaluator that rejects every answer. */
const PICKY_WORD = 'picky';
/** Questions containing this word get an answer full of markup that must render inert. */
const HOSTILE_WORD = 'hostile';
/** What a model (or a page it quotes) could write to attack the reader, plus a table and nested list. */
const HOSTILE_MARKDOWN = [
  '## Details',
  '',
  '<script>alert("script")</script>',
  '',
  '<img src=x onerror=alert("img")> <a href="javascript:alert(\'a\')">html link</a>',
  '',
  '[js](javascript:alert("js")) [data](data:text/html,<script>alert("data")</script>) <javascript:alert("auto")>',
  '![pic](javascript:alert("pic")) [spaced]( javascript:alert("spaced")) https://example.org/safe',
  '',
  '| Year | Event |',
  '|------|------:|',
  '| 1889 | completed [1] |',
  '',
  '- iron',
  '  - wrought',
  '    1. puddled',
  '- paint',
].join('\n');
if (!hasChromium) console.warn(`web e2e skipped: ${CHROMIUM} is missing (apt-get install -y chromium).`);

/**
 * Appends the hostile markdown to what the writer writes (plain text citing findings as [F1]; the
 * table cites the writer's first finding), or to the answer of a structured reply where there is one.
 */
function withHostileAnswer(text: string): string {
  if (!text.startsWith('{')) {
    const marker = /\[F\d+\]/.exec(text)?.[0];
    return marker ? `${text}\n\n${HOSTILE_MARKDOWN.replace('completed [1]', `completed ${marker}`)}` : text;
  }
  const reply = JSON.parse(text) as { answer?: string; action?: { type?: string; answer?: string } };
  const answered = reply.action?.type === 'answer' ? reply.action : reply;
  if (typeof answered.answer !== 'string') return text;
  answered.answer += `\n\n${HOSTILE_MARKDOWN}`;
  return JSON.stringify(reply);
}

/** The cooperative fake model, paced so that a person (and this test) can watch each step. */
function pacedResearcher(request: FakeChatRequest) {
  const messages = JSON.stringify(request.messages ?? []);
  if (messages.includes(BROKEN_WORD)) return { status: 500, body: { error: { message: 'model exploded' } } };
  let text = cooperativeResearcher(request);
  if (messages.includes(PICKY_WORD) && text.includes('"pass":true'))
    text = JSON.stringify(
      evaluationReply(() => ({ think: 'Not sure.', pass: false, improvement: 'Cite a second source.' })),
    );
  if (messages.includes(HOSTILE_WORD)) text = withHostileAnswer(text);
  return { text, delayMs: messages.includes(SLOW_WORD) ? 1500 : 300 };
}

/** No element of the model's making: no script, image or frame, no handler, no live non-http(s) link. */
async function expectInert(root: Locator): Promise<void> {
  await root.locator('table').first().waitFor();
  expect(await root.locator('script, img, iframe, object, embed, [onerror], [onclick], [src]').count()).toBe(
    0,
  );
  const hrefs = await root
    .locator('[href]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:|#reference-\d+$)/);
}

function startServer(
  world: DemoWorld,
  database: string,
  extraArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  // The start's own limit (`startServe`): at load 25 a start can take longer than 30 s.
  return startServe(['--db', database, ...world.args, '--no-direct-answer', ...extraArgs]);
}

describe.skipIf(!hasChromium)('web UI in Chromium against deepresearch serve', () => {
  let world: DemoWorld;
  let server: { url: string; child: ChildProcess };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let directory: string;
  /** Every URL the page asked for: the UI may only talk to its own server. */
  const requested: string[] = [];

  beforeAll(async () => {
    await ensureWebBuild();
    await mkdir(SCREENSHOTS, { recursive: true });
    directory = await mkdtemp(join(tmpdir(), 'deepresearch-web-e2e-'));
    world = await startDemoWorld({ script: pacedResearcher });
    server = await startServer(world, join(directory, 'runs.db'));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    page.on('request', (request) => requested.push(request.url()));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stopServe(server?.child);
    await world?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const traceText = () => page.locator('[data-testid="trace"]').textContent();

  let firstRunPath = '';
  let firstTrace: string | null = '';

  it('runs a question from the box: the chart progresses live and the cited answer appears', async () => {
    await page.goto(server.url);
    await page.locator('#question').fill('When was the Eiffel Tower completed?');
    await page.locator('#question').press('Enter');
    await page.waitForURL(/\/runs\/[^/]+$/);
    firstRunPath = new URL(page.url()).pathname;
    // Keyboard and screen-reader users land on the run they started, not back at the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches('h1.question') ?? false))
      .toBe(true);

    // While it works, one node is lit; the panels grow with what streams in, below where they start.
    await page.locator('.chart-wide .chart-node.is-active').first().waitFor({ timeout: 15_000 });
    // Screen readers hear what the run is doing, not the elapsed clock ticking every second.
    const announced = page.locator(
      '[data-testid="status-line"] [aria-live], [data-testid="status-line"][aria-live]',
    );
    expect(await announced.count()).toBe(1);
    expect(await announced.getAttribute('class')).toBe('status-activity');
    const answerWhileRunning = await page.locator('.area-answer').boundingBox();
    await shot('01-running');

    await page.locator('article.run[data-status="completed"]').waitFor({ timeout: 30_000 });
    const answerWhenDone = await page.locator('.area-answer').boundingBox();
    expect(answerWhenDone?.y).toBe(answerWhileRunning?.y);

    for (const node of ['think', 'operate', 'evaluator', 'finish']) {
      const visits = await page
        .locator(`.chart-wide .chart-node[data-node="${node}"]`)
        .getAttribute('data-visits');
      expect(Number(visits), node).toBeGreaterThan(0);
    }
    await expect
      .poll(() => page.locator('.chart-wide .chart-node[data-node="finish"]').getAttribute('class'))
      .toContain('is-done');
    expect(await page.locator('[data-testid="answer"]').textContent()).toContain('Eiffel Tower');
    expect(await page.locator('[data-testid="status-line"]').textContent()).toContain('completed');
    expect(await page.locator('.trace-entry').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="sources"]').textContent()).toContain('The Eiffel Tower');
    // The accepted answer ticks the plan's checklist.
    const plan = page.locator('.area-plan');
    expect(await plan.textContent()).toMatch(/(\d+) of \1 answered/);
    expect(await plan.locator('[aria-label="open"]').count()).toBe(0);
    firstTrace = await traceText();
    expect(await page.title()).toBe('When was the Eiffel Tower completed? — DeepResearch');
    await shot('02-completed');
  });

  it('shows the quote and source of a citation on hover and on keyboard focus', async () => {
    const runId = decodeURIComponent(firstRunPath.split('/').pop() ?? '');
    const detail = (await (await fetch(`${server.url}/api/runs/${runId}`)).json()) as {
      result: { references: { quote: string; url: string }[] };
    };
    const reference = detail.result.references[0];
    expect(reference).toBeDefined();
    const citation = page.locator('.citation-link').first();
    expect(await citation.getAttribute('href')).toBe(reference?.url);
    const tooltip = page.locator('.citation-tooltip').first();
    expect(await tooltip.isVisible()).toBe(false);
    await citation.hover();
    await tooltip.waitFor({ state: 'visible' });
    expect(await tooltip.textContent()).toContain(reference?.quote);
    expect(await tooltip.textContent()).toContain('quote found in the page');
    await shot('03-citation-hover');
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });
    await citation.focus();
    await tooltip.waitFor({ state: 'visible' });
  });

  it('rebuilds the same run after a reload and from the history', async () => {
    await page.reload();
    await page.locator('article.run[data-status="completed"]').waitFor();
    expect(await traceText()).toBe(firstTrace);

    await page.goto(server.url);
    const entry = page.locator(`[data-testid="history"] a[href="${firstRunPath}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('When was the Eiffel Tower completed?');
    await shot('04-history');
    await entry.click();
    await page.locator('article.run[data-status="completed"]').waitFor();
    expect(await traceText()).toBe(firstTrace);
  });

  it('writes a long report when asked, rendered from markdown and exported as markdown and HTML', async () => {
    await page.goto(server.url);
    await page.getByText('Options').click();
    await page.getByLabel('Long report').check();
    await page.locator('#question').fill('Eiffel Tower history');
    await page.locator('#question').press('Enter');
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page
      .locator('article.run[data-status="completed"], article.run[data-status="best_effort"]')
      .waitFor({
        timeout: 30_000,
      });
    expect(await page.locator('.area-answer h2').textContent()).toBe('Report');
    expect(await page.locator('[data-testid="answer"] h3').first().textContent()).toContain('Report');
    // No markup from the model reaches the page: every element in the answer is one we render.
    const tags = await page
      .locator('[data-testid="answer"] *')
      .evaluateAll((elements) =>
        [...new Set(elements.map((element) => element.tagName.toLowerCase()))].sort(),
      );
    const rendered = [
      'a',
      'blockquote',
      'code',
      'div',
      'em',
      'h3',
      'h4',
      'h5',
      'h6',
      'hr',
      'li',
      'ol',
      'p',
      'pre',
      'q',
    ];
    rendered.push('span', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul');
    for (const tag of tags) expect(rendered).toContain(tag);

    const markdownHref = await page.getByRole('link', { name: 'Export markdown' }).getAttribute('href');
    const htmlHref = await page.getByRole('link', { name: 'Export HTML' }).getAttribute('href');
    const markdown = await (await fetch(`${server.url}${markdownHref}`)).text();
    expect(markdown).toContain('Eiffel Tower history');
    const html = await fetch(`${server.url}${htmlHref}`);
    expect(html.headers.get('content-type')).toContain('text/html');
    await shot('04b-report');
  });

  it('resumes a live run after a reload without losing or repeating steps, and stops it', async () => {
    await page.goto(server.url);
    await page.locator('#question').fill(`Tell me slowly about the Eiffel Tower`);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    // While the model is still choosing step 1's action (no thought yet), THINK is the lit node.
    const thinkWhileChoosing = await page.waitForFunction(() => {
      const entry = document.querySelector('.trace-entry[data-step="1"]');
      if (!entry || entry.textContent?.includes('THOUGHT')) return undefined;
      return document.querySelector('.chart-wide .chart-node[data-node="think"]')?.getAttribute('class');
    });
    expect(await thinkWhileChoosing.jsonValue()).toContain('is-active');
    // Wait until a step has called a tool, so there is partial work to keep. (With sub-researchers
    // the lead's step 1 may find its search already done by one of them and call nothing.)
    const actions = page.locator('.trace-entry .trace-kind', { hasText: 'ACTION' });
    await actions.first().waitFor({ timeout: 20_000 });
    const actingStep = await actions
      .first()
      .evaluate((kind) => kind.closest('.trace-entry')?.getAttribute('data-step') ?? '');
    const firstAction = page.locator(`.trace-entry[data-step="${actingStep}"] .trace-kind`, {
      hasText: 'ACTION',
    });

    await page.reload();
    await page.locator('.trace-entry').first().waitFor();
    await page.locator('article.run[data-status="running"]').waitFor();
    const steps = await page
      .locator('.trace-entry')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-step')));
    expect(new Set(steps).size).toBe(steps.length);
    // A live run page (Stop button, progress bar, lit chart) passes axe-core in light and dark.
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('article.run[data-status="cancelled"]').waitFor({ timeout: 20_000 });
    expect(await firstAction.count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="status-line"]').textContent()).toContain('cancelled');
    expect(await page.locator('.chart').getAttribute('data-outcome')).toBe('cancelled');
    // Stopping leaves sentences unchecked, never unsupported: nothing is marked or listed as such.
    expect(await page.evaluate(() => CSS.highlights.get('unsupported-claim')?.size ?? 0)).toBe(0);
    expect(await page.getByText(/not supported/).count()).toBe(0);
    await shot('05-cancelled');

    // The stored events of the run match what the page shows: one trace entry per step seen.
    const runId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const events = (await (await fetch(`${server.url}/api/runs/${runId}/events?format=json`)).json()) as {
      type: string;
      step: number;
    }[];
    const traced = new Set([
      'step-start',
      'thought',
      'tool-call',
      'tool-result',
      'observation',
      'answer-draft',
    ]);
    const storedSteps = new Set(
      events.filter((event) => traced.has(event.type)).map((event) => String(event.step)),
    );
    // The trace groups steps by sub-researcher (the lead's first), so compare them in step order.
    const shownSteps = await page
      .locator('.trace-entry')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-step')));
    const byNumber = (a: string | null, b: string | null) => Number(a) - Number(b);
    expect(shownSteps.sort(byNumber)).toEqual([...storedSteps].sort(byNumber));
    expect(events.at(-1)?.type).toBe('run-end');
    // The step that called tools before the reload shows each of its calls once, none lost or repeated.
    const calls = events.filter((event) => event.type === 'tool-call' && String(event.step) === actingStep);
    expect(await firstAction.count()).toBe(calls.length);
  });

  it('draws the dashboard of past runs, and stays readable at phone width', async () => {
    await page.goto(`${server.url}/dashboard`);
    const figures = page.locator('[data-testid="dashboard-figures"]');
    await figures.waitFor();
    expect(await figures.textContent()).toMatch(/Runs\s*3/);
    expect(await page.locator('.bar-chart').count()).toBe(5);
    expect(await page.locator('[data-testid="dashboard-evaluation"]').textContent()).toContain(
      'Evaluation (avg of',
    );
    await shot('06-dashboard');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}${firstRunPath}`);
    await page.locator('article.run[data-status="completed"]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('07-phone');
    // The question box takes the phone's whole width, its button below it.
    await page.goto(server.url);
    const box = await page.locator('#question').boundingBox();
    const button = await page.locator('button[type="submit"]').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(button?.y).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0) - 1);
    await shot('07b-phone-home');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('keeps captions on their line and inside their cards at phone width (issue 42)', async () => {
    // A pipeline run: the lead hands its sub-question to sub-researcher q1, so the chart has a caption.
    const started = await fetch(`${server.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        question: 'When was the Eiffel Tower completed?',
        options: { strategy: 'pipeline' },
      }),
    });
    const { id } = (await started.json()) as { id: string };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/runs/${encodeURIComponent(id)}`);
    await page.locator('article.run[data-status="completed"]').waitFor({ timeout: 90_000 });
    const boxes = await page.evaluate(() => {
      const bottom = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().bottom;
      const caption = document.querySelector('[data-testid="model-table"] caption');
      return {
        card: bottom('figure.chart'),
        caption: bottom('figure.chart figcaption'),
        text: document.querySelector('figure.chart figcaption')?.textContent,
        // A table caption that shrinks to its longest word takes a line per word.
        captionLines: caption
          ? caption.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(caption).lineHeight)
          : 0,
      };
    });
    expect(boxes.text).toMatch(/q1/);
    expect(boxes.caption).toBeLessThanOrEqual(boxes.card ?? 0);
    expect(boxes.captionLines).toBeGreaterThan(0.5);
    expect(boxes.captionLines).toBeLessThan(1.5);
    await shot('07c-phone-captions');
    await page.setViewportSize({ width: 1440, height: 1000 });
  }, 120_000);

  it('shows a run whose model keeps failing as failed, with the failures on the chart and trace', async () => {
    await page.goto(server.url);
    await page.locator('#question').fill('A broken model question');
    await page.locator('#question').press('Enter');
    await page.locator('article.run[data-status="failed"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="answer"] [role="alert"]').textContent()).toContain(
      'No answer could be made',
    );
    const think = page.locator('.chart-wide .chart-node[data-node="think"]');
    expect(Number(await think.getAttribute('data-errors'))).toBeGreaterThan(0);
    expect(await think.getAttribute('class')).toContain('is-error');
    expect(await think.locator('title').textContent()).toContain('model exploded');
    // The chart's error line names the latest failure: the run could not answer.
    expect(await page.locator('.chart-wide .chart-error').textContent()).toContain('FINISH: no_answer');
    expect(await page.locator('.trace-entry .note-warning').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="status-line"]').textContent()).toContain('failed');
    // A finished run that called no tool says so, not that it has not called one "yet".
    expect(await page.getByTestId('run-metrics').textContent()).toContain('No tool calls.');
    // A run without an answer has nothing to export.
    expect(await page.getByText('Export markdown').count()).toBe(0);
    await shot('09-failed');
  });

  it('shows the verdict of a rejected attempt, and the final answer after the cap as not evaluated', async () => {
    await page.goto(server.url);
    await page.locator('#question').fill('A picky evaluator question about the Eiffel Tower');
    await page.locator('#question').press('Enter');
    await page.locator('article.run[data-status="best_effort"]').waitFor({ timeout: 60_000 });
    const evaluation = page.locator('[data-testid="evaluation"]');
    expect(await evaluation.locator('.badge', { hasText: 'rejected' }).count()).toBeGreaterThan(0);
    expect(await evaluation.textContent()).toContain('Not sure.');
    // Nothing is still "being evaluated" once the run has ended.
    expect(await evaluation.locator('.badge', { hasText: 'evaluating' }).count()).toBe(0);
    expect(await evaluation.locator('.badge', { hasText: 'not evaluated' }).count()).toBe(1);
    expect(await traceText()).not.toContain('being evaluated');
    expect(await page.locator('[data-testid="answer"]').textContent()).toContain('Eiffel Tower');
    const finish = page.locator('.chart-wide .chart-node[data-node="finish"]');
    expect(await finish.getAttribute('data-visits')).toBe('1');
    await shot('10-rejected-attempts');
  });

  it('pages back through the history to runs older than the newest fifty', async () => {
    for (let number = 0; number < 50; number += 1) {
      const response = await fetch(`${server.url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: `Filler question ${number}` }),
      });
      const { id } = (await response.json()) as { id: string };
      await fetch(`${server.url}/api/runs/${id}/cancel`, { method: 'POST' });
    }
    await page.goto(server.url);
    const history = page.locator('[data-testid="history"]');
    await history.getByText('Filler question 49').waitFor();
    const first = history.locator(`a[href="${firstRunPath}"]`);
    expect(await first.count()).toBe(0);
    await page.getByRole('button', { name: 'Show older runs' }).click();
    await first.waitFor();
    await first.click();
    await page.locator('article.run[data-status="completed"]').waitFor();
    expect(await traceText()).toBe(firstTrace);
  });

  it('says when the server is gone, shows the run as interrupted once it is back, and resumes it', async () => {
    const database = join(directory, 'restart.db');
    let restartable = await startServer(world, database);
    const livePage = await context.newPage();
    try {
      await livePage.goto(restartable.url);
      await livePage.locator('#question').fill('Tell me slowly about Paris');
      await livePage.locator('#question').press('Enter');
      await livePage.locator('.trace-entry[data-step="1"]').waitFor({ timeout: 60_000 });
      const exited = new Promise((resolve) => restartable.child.once('exit', resolve));
      restartable.child.kill('SIGKILL');
      await exited;
      const notice = livePage.getByTestId('connection-lost');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.getAttribute('role')).toBe('status');
      await livePage.screenshot({ path: join(SCREENSHOTS, '11-connection-lost.png'), fullPage: true });

      restartable = await startServer(world, database, ['--port', new URL(restartable.url).port]);
      await livePage.locator('article.run[data-status="interrupted"]').waitFor({ timeout: 60_000 });
      expect(await notice.count()).toBe(0);
      expect(await livePage.locator('[data-testid="status-line"]').textContent()).toContain(
        'interrupted: the run stopped before it finished',
      );
      expect(await livePage.locator('.trace-entry[data-step="1"]').count()).toBe(1);
      await livePage.screenshot({ path: join(SCREENSHOTS, '12-interrupted.png'), fullPage: true });

      // Resume continues it from what it had gathered, live, without repeating the steps shown.
      await livePage.getByRole('button', { name: 'Resume' }).click();
      await livePage.locator('article.run[data-status="running"]').waitFor({ timeout: 60_000 });
      expect(await livePage.getByRole('button', { name: 'Resume' }).count()).toBe(0);
      await livePage.locator('article.run[data-status="completed"]').waitFor({ timeout: 120_000 });
      expect(await livePage.locator('.trace-entry[data-step="1"]').count()).toBe(1);
      expect(await livePage.locator('[data-testid="answer"]').textContent()).toContain('Paris');
      await livePage.screenshot({ path: join(SCREENSHOTS, '13-resumed.png'), fullPage: true });
    } finally {
      await livePage.close();
      if (restartable.child.exitCode === null) {
        const exited = new Promise((resolve) => restartable.child.once('exit', resolve));
        restartable.child.kill('SIGTERM');
        await exited;
      }
    }
    // Two server starts (about 2 s of CPU each) and a resumed run of the slow model (1.5 s a call:
    // read, extract, write, check, judge): 30 s at load 12, near 90 s at load 25. The waits above are
    // for hangs, with room for a machine at load 30; so is this limit.
  }, 300_000);

  it('asks for the token of a server started with --auth-token, then works with it', async () => {
    const secured = await startServer(world, join(directory, 'secured.db'), [
      '--auth-token',
      'web-e2e-token',
    ]);
    const securedPage = await context.newPage();
    try {
      await securedPage.goto(secured.url);
      await securedPage.locator('#token').waitFor();
      // A first visit is asked for the token, not told off for a token it never sent.
      expect(await securedPage.getByRole('alert').count()).toBe(0);
      await securedPage.locator('#token').fill('wrong-token');
      await securedPage.locator('#token').press('Enter');
      await securedPage.getByRole('alert').waitFor();
      expect(await securedPage.getByRole('alert').textContent()).toContain('Invalid bearer token');
      await securedPage.screenshot({ path: join(SCREENSHOTS, '08-token.png') });
      await securedPage.locator('#token').fill('web-e2e-token');
      await securedPage.locator('#token').press('Enter');
      await securedPage.locator('#question').fill('When was the Eiffel Tower completed?');
      await securedPage.locator('#question').press('Enter');
      // The live stream and the stored events both need the token; the run shows through to its end.
      await securedPage.locator('article.run[data-status="completed"]').waitFor({ timeout: 30_000 });
      expect(await securedPage.locator('.trace-entry').count()).toBeGreaterThan(1);
    } finally {
      await securedPage.close();
      const exited = new Promise((resolve) => secured.child.once('exit', resolve));
      secured.child.kill('SIGTERM');
      await exited;
    }
  });

  it('renders markup in an answer and in its HTML export inert, and its table and nested list', async () => {
    const dialogs: string[] = [];
    const onDialog = (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    try {
      await page.goto(server.url);
      await page.locator('#question').fill(`A ${HOSTILE_WORD} answer about the Eiffel Tower`);
      await page.locator('#question').press('Enter');
      await page.locator('article.run[data-status="completed"]').waitFor({ timeout: 30_000 });
      const answer = page.locator('[data-testid="answer"]');
      await expectInert(answer);
      expect(await answer.textContent()).toContain('<script>alert("script")</script>');
      expect(await answer.textContent()).toContain('[js](javascript:alert("js"))');
      expect(await answer.locator('th').allTextContents()).toEqual(['Year', 'Event']);
      expect(await answer.locator('td .citation-link').getAttribute('href')).toMatch(
        /^http:\/\/127\.0\.0\.1:/,
      );
      expect(await answer.locator('ul > li > ul > li > ol > li').textContent()).toBe('puddled');
      expect(await answer.locator('a[href="https://example.org/safe"]').count()).toBe(1);
      await shot('14-hostile-answer');

      const exportHref = await page.getByRole('link', { name: 'Export HTML' }).getAttribute('href');
      await page.goto(`${server.url}${exportHref}`);
      const body = page.locator('body');
      await expectInert(body);
      expect(await body.locator('td').last().textContent()).toBe('completed [1]');
      expect(await body.locator('td a.citation').getAttribute('href')).toBe('#reference-1');
      expect(await body.locator('#reference-1 a').getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(await body.locator('ul > li > ul > li > ol > li').textContent()).toBe('puddled');
      await shot('15-hostile-export');
    } finally {
      page.off('dialog', onDialog);
    }
    expect(dialogs).toEqual([]);
  });

  it("offers the server's model and usable search, stops cleanly, and keeps figures honest (17.13)", async () => {
    await page.goto(server.url);
    await page.locator('summary', { hasText: 'Options' }).click();
    // The model field shows the server's default; only providers this server can use are offered.
    await expect
      .poll(() => page.locator('[data-testid="model-input"]').getAttribute('placeholder'))
      .toBe('server default: openai-compatible:fake');
    const providers = await page.locator('.providers label').allTextContents();
    expect(providers.map((text) => text.trim())).toEqual(
      expect.arrayContaining(['duckduckgo', 'wikipedia', 'arxiv', 'searxng']),
    );
    for (const keyed of ['brave', 'serper', 'tavily', 'exa', 'firecrawl'])
      expect(providers.map((text) => text.trim())).not.toContain(keyed);

    // A long question without spaces, stopped while its model works.
    const long = `Tell me slowly about ${'towers'.repeat(80)} and ${'lattice '.repeat(60)}`;
    await page.locator('#question').fill(long);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page.locator('.trace-entry[data-step="1"]').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('article.run[data-status="cancelled"]').waitFor({ timeout: 20_000 });
    // What the stop said goes with the live run; the status line says how it ended.
    await expect.poll(() => page.locator('.action-message').textContent()).not.toContain('Stop requested');
    const metrics = page.locator('[data-testid="run-metrics"]');
    // The call the stop cancelled is not a failed model call.
    expect(await metrics.locator('dt', { hasText: 'Model calls' }).locator('+ dd').textContent()).not.toMatch(
      /failed/,
    );
    // The metrics' time is the status line's.
    const statusTime = (await page.locator('[data-testid="status-line"] > span').last().textContent()) ?? '';
    expect(await metrics.locator('dt', { hasText: 'Time' }).locator('+ dd').textContent()).toBe(statusTime);

    // The history keeps a long question inside its panel.
    await page.goto(server.url);
    const item = page.locator('[data-testid="history"] li').first();
    await item.waitFor();
    const widths = await item.evaluate((element) => ({
      item: element.scrollWidth,
      panel: (element.closest('.history') as HTMLElement).clientWidth,
    }));
    expect(widths.item).toBeLessThanOrEqual(widths.panel);

    // The fake model has no price: the dashboard says n/a, not $0, and shows a bar's values on hover.
    await page.goto(`${server.url}/dashboard`);
    await page.locator('[data-testid="dashboard-figures"]').waitFor();
    expect(await page.locator('[data-testid="dashboard-cost"]').textContent()).toBe('n/a');
    const tokens = page.locator('.bar-chart', { hasText: 'Tokens' });
    const bar = tokens.locator('g.bar').last();
    await bar.hover();
    await expect.poll(() => tokens.locator('[data-testid="bar-readout"]').textContent()).toMatch(/tokens \d/);
    const labelSize = await tokens
      .locator('.axis-labels')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(labelSize).toBeGreaterThanOrEqual(12);
    await shot('17-13-dashboard');
  });

  it('made no request outside its own server', () => {
    const origin = new URL(server.url).origin;
    const foreign = requested.filter((url) => new URL(url).origin !== origin);
    expect(foreign).toEqual([]);
  });
});
