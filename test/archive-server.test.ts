import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetail, VerifyReport } from '../src/contract/index.js';
import { type DemoWorld, demoPages, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakePage } from '../src/testing/fake-page-server.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

let world: DemoWorld;
let server: ChildProcess | undefined;
let url: string;
let directory: string;
let runId: string;
/** The pages the fake server serves; changed in place after the run, as a site changes. */
const pages: Record<string, FakePage> = { ...demoPages };

const json = async <T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${url}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
};
const verify = (live: boolean) =>
  json<VerifyReport>(`/api/runs/${runId}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ live }),
  });

beforeAll(async () => {
  world = await startDemoWorld({ pages });
  directory = await mkdtemp(join(tmpdir(), 'archive-server-'));
  const started = await startServe(
    ['--db', join(directory, 'runs.db'), ...world.args, '--no-direct-answer'],
    {
      timeoutMs: 60_000,
    },
  );
  server = started.child;
  url = started.url;
  const created = await json<{ id: string }>('/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
  });
  runId = created.body.id;
  let detail = (await json<RunDetail>(`/api/runs/${runId}`)).body;
  while (!['completed', 'best_effort', 'failed', 'cancelled'].includes(detail.status)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    detail = (await json<RunDetail>(`/api/runs/${runId}`)).body;
  }
  expect(detail.status).toBe('completed');
}, 120_000);
afterAll(async () => {
  await stopServe(server);
  await world.close();
  await rm(directory, { recursive: true, force: true });
});

describe('a server run’s archive', () => {
  it('is served as a download that no browser renders, holding each cited page as served', async () => {
    const detail = (await json<RunDetail>(`/api/runs/${runId}`)).body;
    expect(detail.hasArchive).toBe(true);
    const response = await fetch(`${url}/api/runs/${runId}/archive`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="deepresearch-[\w-]+\.warc\.gz"$/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const warc = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(warc.startsWith('WARC/1.1\r\n')).toBe(true);
    for (const reference of detail.result?.references ?? []) {
      expect(warc).toContain(`WARC-Target-URI: ${reference.url}`);
      expect(warc).toContain(pages[new URL(reference.url).pathname] as string);
    }
  });

  it('archives the cited pages of a later run that read them from the source cache, saying they were fetched again', async () => {
    const created = await json<{ id: string }>('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
    });
    const second = created.body.id;
    let detail = (await json<RunDetail>(`/api/runs/${second}`)).body;
    while (!['completed', 'best_effort', 'failed', 'cancelled'].includes(detail.status)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      detail = (await json<RunDetail>(`/api/runs/${second}`)).body;
    }
    const events = (await json<{ type: string; code?: string }[]>(`/api/runs/${second}/events?format=json`))
      .body;
    expect(events.filter((event) => event.code === 'archive_refetched').length).toBeGreaterThan(0);
    const warc = gunzipSync(
      Buffer.from(await (await fetch(`${url}/api/runs/${second}/archive`)).arrayBuffer()),
    ).toString();
    for (const reference of detail.result?.references ?? []) {
      expect(warc).toContain(`WARC-Target-URI: ${reference.url}`);
      expect(reference.snapshot?.archived).toBe(true);
    }
    expect(detail.result?.archive?.dropped).toEqual([]);
  });

  it('answers 404 archive_not_found for a run without one, and 404 for a run that does not exist', async () => {
    const missing = await json<{ error: { code: string } }>('/api/runs/no-such-run/archive');
    expect(missing.status).toBe(404);
    const unknown = await json<{ error: { code: string } }>('/api/runs/no-such-run/verify', {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });

  it('is re-checked by POST verify: every quote present, then a page changed after the run is changed live; the last check is kept', async () => {
    const archived = await verify(false);
    expect(archived.status).toBe(200);
    const web = archived.body.references.filter((check) => check.url.startsWith('http'));
    expect(web.length).toBeGreaterThan(0);
    for (const check of web) expect(check.archived).toBe('present');

    pages['/eiffel-tower'] =
      '<!doctype html><html><head><title>The Eiffel Tower</title></head><body><article><p>This article was rewritten and says something else entirely.</p></article></body></html>';
    const live = await verify(true);
    expect(live.body.live).toBe(true);
    for (const check of live.body.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.archived).toBe('present');
      expect(check.live, check.url).toBe(
        new URL(check.url).pathname === '/eiffel-tower' ? 'changed' : 'unchanged',
      );
    }
    const detail = (await json<RunDetail>(`/api/runs/${runId}`)).body;
    expect(detail.verification).toEqual(live.body);
  });

  it('refuses a verify body with an unknown field, naming it', async () => {
    const refused = await json<{ error: { code: string; field?: string } }>(`/api/runs/${runId}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ live: true, fetch: 'http://169.254.169.254/' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('fetch');
  });

  it('is re-checked by the CLI from the server database, which keeps the report', async () => {
    const run = await runCli(['verify', runId, '--db', join(directory, 'runs.db'), '--json'], {
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const report: VerifyReport = JSON.parse(run.stdout);
    expect(report.live).toBe(false);
    for (const check of report.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.archived).toBe('present');
    }
    expect((await json<RunDetail>(`/api/runs/${runId}`)).body.verification).toEqual(report);
    const typo = await runCli(['verify', 'no-such-result.json'], { timeoutMs: 60_000 });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/cannot read no-such-result\.json; give a result file/);
  });

  it('is deleted with its run', async () => {
    expect((await fetch(`${url}/api/runs/${runId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${url}/api/runs/${runId}/archive`)).status).toBe(404);
  });
});
