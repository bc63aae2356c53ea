/**
 * Smaller hardening of the server, black box: metrics windows that are object keys, bodies nested
 * too deep to print, malformed escapes in paths, resumed runs under the operator's current connection options, and a database
 * readable by its owner only.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/schemas.js';
import { createMemoryStore, openSqliteStore } from '../src/store/index.js';
import { createFakeRunner } from '../src/testing/fake-runner.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { rawRequest } from './helpers/raw-http.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-hardening-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('server hardening', () => {
  it.each(['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf', '', '24H'])(
    'answers ?window=%s on /api/metrics with 400 naming the known windows',
    async (window) => {
      const server = makeTestApp();
      const response = await server.app.request(`/api/metrics?window=${encodeURIComponent(window)}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({
        field: 'window',
        message: expect.stringContaining('1h, 24h, 7d, 30d, all'),
      });
    },
  );

  it.each([
    ['/api/runs', 'body'],
    ['/v1/chat/completions', 'body'],
    ['/v1/responses', 'body'],
  ])(
    'answers a body of lists nested 100,000 deep on %s with 400 naming the %s, not 500',
    async (path, field) => {
      const server = makeTestApp();
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      for (const body of [deep, `{"question":${deep},"model":${deep}}`]) {
        const response = await server.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(400);
        const { error } = await response.json();
        // The sessions API names the field; the OpenAI-compatible endpoints name it as `param`.
        expect(error.field ?? error.param).toBe(
          body === deep ? field : path === '/api/runs' ? 'question' : 'model',
        );
        expect(error.message).toContain('[[[[');
      }
    },
  );

  it('answers malformed escapes in paths with 404, never 500, on a listening server', async () => {
    const server = makeTestApp({ webDirectory: directory });
    const http = await listen(server);
    try {
      for (const path of [
        '/%',
        '/%zz',
        '/%E0%A4%A',
        '/runs/%',
        '/api/runs/%',
        '/api/runs/%zz/events',
        '/assets/%',
      ]) {
        const response = await rawRequest(`${http.url}${path}`);
        expect([400, 404], path).toContain(response.status);
      }
    } finally {
      await http.close();
    }
  });

  it('resumes a run with the connection options the operator has now, not those it was started with', async () => {
    const store = createMemoryStore();
    const before = parseResearchConfig({
      apiKey: 'sk-old-key-0123456789',
      baseURL: 'http://127.0.0.1:9000/v1',
      searxngUrl: 'http://127.0.0.1:8888',
      allowHosts: ['127.0.0.1:9000', '127.0.0.1:8888'],
    });
    const first = makeTestApp({ store, config: before, fake: { steps: 1000, stepDelayMs: 10 } });
    const created = await first.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'q', options: { maxSteps: 7 } }),
    });
    const { id } = (await created.json()) as { id: string };
    await first.runs.shutdown({ graceMs: 0 });
    await first.runs.waitForEnd(id);
    expect((await store.getRun(id))?.status).toBe('interrupted');

    // The operator restarts with a new key, no base URL, no SearXNG and no private hosts.
    const runner = createFakeRunner({ steps: 1 });
    const after = parseResearchConfig({ apiKey: 'sk-new-key-0123456789' });
    const second = makeTestApp({ store, config: after, runner });
    const resumed = await second.app.request(`/api/runs/${id}/resume`, { method: 'POST' });
    expect(resumed.status).toBe(202);
    await second.runs.waitForEnd(id);
    const options = runner.calls[0]?.options;
    expect(options).toMatchObject({ apiKey: 'sk-new-key-0123456789', allowHosts: [], maxSteps: 7 });
    expect(options?.baseURL).toBeUndefined();
    expect(options?.searxngUrl).toBeUndefined();
  });

  it('creates the database readable by its owner only, and its new folder too', async () => {
    const path = join(directory, 'data', 'deepresearch', 'runs.db');
    const store = openSqliteStore({ path });
    const server = makeTestApp({ store });
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'q' }),
    });
    await server.runs.waitForEnd(((await created.json()) as { id: string }).id);
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(path)).toBe(0o600);
    expect(mode(`${path}-wal`)).toBe(0o600);
    expect(mode(join(directory, 'data', 'deepresearch'))).toBe(0o700);
    expect(mode(join(directory, 'data'))).toBe(0o700);
    await store.close();
  });
});
