/**
 * Pages that need a browser, through the server: the real engine with the cooperative model, a
 * search that finds an app-shell page and its hostile twin, and the reader with and without
 * `--browser`. Skipped, saying so, when no Chromium/Chrome is installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchConfig } from '../src/config/index.js';
import { parseResearchConfig } from '../src/config/schemas.js';
import type { ResearchEvent } from '../src/contract/index.js';
import { closeSharedBrowser } from '../src/reader/index.js';
import { research } from '../src/research/index.js';
import { APP_SHELL_FACT, appShellPages } from '../src/testing/app-shell-pages.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { type FakePageServer, startFakePageServer } from '../src/testing/fake-page-server.js';
import { type FakeSearchServer, startFakeSearchServer } from '../src/testing/fake-search-server.js';
import { makeTestApp } from '../src/testing/server-test-app.js';
import { installedBrowser, needsBrowser } from '../src/testing/vitest/browser.js';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
let llm: FakeLlmServer;
let search: FakeSearchServer;
let pages: FakePageServer;
let secret: FakePageServer;

beforeAll(async () => {
  secret = await startFakePageServer({ '/secret': 'secret', '/image.png': 'x', '/after-redirect': 'secret' });
  pages = await startFakePageServer(appShellPages({ direct: secret.origin, redirect: secret.origin }));
  search = await startFakeSearchServer(() => [
    { title: 'The Harbor Lighthouse', url: `${pages.origin}/app`, content: 'The Harbor Lighthouse' },
    { title: 'The Harbor Lighthouse (mirror)', url: `${pages.origin}/hostile`, content: 'A mirror' },
  ]);
  llm = await startFakeLlmServer({ script: cooperativeResearcher });
});
afterAll(async () => {
  await closeSharedBrowser();
  await Promise.all([llm.close(), search.close(), pages.close(), secret.close()]);
});

function config(browser: string | undefined): ResearchConfig {
  return parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: llm.url,
    search: ['searxng'],
    searxngUrl: search.url,
    allowHosts: [pages.host],
    noDirectAnswer: true,
    maxSteps: 6,
    ...(browser ? { browser } : {}),
  });
}

/** Runs the question on a server whose runs use `browser`, to its end. */
async function runOn(browser: string | undefined) {
  const server = makeTestApp({ runner: research, config: config(browser) });
  const created = await server.app.request('/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Harbor Lighthouse first lit?' }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const ended = await server.runs.waitForEnd(id);
  const events: ResearchEvent[] = await server.store.listEvents(id);
  const { sources } = (await (await server.app.request(`/api/runs/${id}/sources`)).json()) as {
    sources: { url: string; screenshot?: boolean }[];
  };
  return { server, id, ended, events, sources };
}

describe.skipIf(!installedBrowser)(`a run with --browser${needsBrowser}`, () => {
  it('reads and cites what only the rendered page holds, and serves each page screenshot as a PNG', async () => {
    const { server, id, ended, events, sources } = await runOn(installedBrowser);
    expect(ended.result?.answer).toContain('22 nautical miles');
    expect(ended.result?.references.some((reference) => APP_SHELL_FACT.includes(reference.quote))).toBe(true);
    const reads = events.filter((event) => event.type === 'tool-result' && event.tool === 'read');
    expect(reads.map((event) => event.type === 'tool-result' && event.output?.rendered)).toEqual([
      true,
      true,
    ]);

    const app = sources.findIndex((source) => source.url === `${pages.origin}/app`);
    expect(sources[app]?.screenshot).toBe(true);
    const shot = await server.app.request(`/api/runs/${id}/sources/${app + 1}/screenshot`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await shot.arrayBuffer()).subarray(0, 4)]).toEqual(PNG_MAGIC);
  });

  it('shows in the trace every request of a page that was refused, and none reaches a private address', async () => {
    const { events } = await runOn(installedBrowser);
    expect(secret.requests).toEqual([]);
    const hostile = events.find(
      (event) => event.type === 'tool-result' && event.output?.url === `${pages.origin}/hostile`,
    );
    const blocked = (hostile?.type === 'tool-result' ? hostile.output?.blockedRequests : undefined) as
      | { url: string; code: string }[]
      | undefined;
    expect(blocked?.map((request) => request.url)).toEqual(
      expect.arrayContaining(['http://169.254.169.254/latest/meta-data/', `${secret.origin}/secret`]),
    );
    const warning = events.find(
      (event) => event.type === 'warning' && event.code === 'page_requests_blocked',
    );
    expect(warning?.type === 'warning' && warning.message).toContain(`${pages.origin}/hostile`);
  });
});

describe('a run without --browser', () => {
  it('cannot cite what only the rendered page holds, and has no screenshot to serve', async () => {
    const { server, id, ended, sources } = await runOn(undefined);
    expect(ended.result?.answer ?? '').not.toContain('22 nautical miles');
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.some((source) => source.screenshot)).toBe(false);
    const none = await server.app.request(`/api/runs/${id}/sources/1/screenshot`);
    expect(none.status).toBe(404);
    expect((await none.json()).error.code).toBe('screenshot_not_found');
    const beyond = await server.app.request(`/api/runs/${id}/sources/99/screenshot`);
    expect((await beyond.json()).error.code).toBe('source_not_found');
    const other = await server.app.request('/api/runs/no-such-run/sources/1/screenshot');
    expect((await other.json()).error.code).toBe('not_found');
  });
});
