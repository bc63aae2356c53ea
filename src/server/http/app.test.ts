import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestApp, TEST_API_KEY } from '../../testing/server-test-app.js';

const TOKEN = 'secret-token-abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('service behaviour', () => {
  it('requires a bearer token on every API route but the health check', async () => {
    const server = makeTestApp({ authTokens: [TOKEN] });
    expect((await server.app.request('/health')).status).toBe(200);
    for (const path of ['/api/runs', '/api/metrics', '/v1/models']) {
      const response = await server.app.request(path);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('unauthorized');
    }
    expect(
      (await server.app.request('/api/runs', { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    expect((await server.app.request('/api/runs', { headers: auth })).status).toBe(200);
    // EventSource and WebSocket cannot send headers: GET accepts ?access_token=.
    expect((await server.app.request(`/api/runs?access_token=${TOKEN}`)).status).toBe(200);
    const post = await server.app.request(`/api/runs?access_token=${TOKEN}`, {
      method: 'POST',
      body: '{"question":"q"}',
    });
    expect(post.status).toBe(401);
  });

  it('logs one structured line per request without the token or the API key', async () => {
    const server = makeTestApp({ authTokens: [TOKEN] });
    await server.app.request(`/api/runs?access_token=${TOKEN}`);
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ question: `q ${TOKEN}` }),
    });
    await server.runs.waitForEnd(((await created.json()) as { id: string }).id);
    const lines = server.logs.map((line) => JSON.parse(line));
    const requests = lines.filter((line) => line.message === 'request');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/runs', status: 200, level: 'info' });
    expect(requests[0].client).toMatch(/^token:[0-9a-f]{12}$/);
    expect(lines.filter((line) => line.message === 'run state').map((line) => line.status)).toEqual([
      'queued',
      'running',
      'completed',
    ]);
    const all = server.logs.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(TEST_API_KEY);
  });

  it('limits requests per client and says when to retry', async () => {
    const server = makeTestApp({ requestsPerMinute: 3 });
    for (let index = 0; index < 3; index++) expect((await server.app.request('/api/runs')).status).toBe(200);
    const limited = await server.app.request('/api/runs');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).error.code).toBe('rate_limited');
    expect((await server.app.request('/health')).status).toBe(200);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const server = makeTestApp({ maxBodyBytes: 100 });
    const response = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '200' },
      body: JSON.stringify({ question: 'x'.repeat(180) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
  });

  it('answers CORS preflights only for configured origins', async () => {
    const server = makeTestApp({ corsOrigins: ['https://ui.example'] });
    const allowed = await server.app.request('/api/runs', {
      method: 'OPTIONS',
      headers: { origin: 'https://ui.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://ui.example');
    const other = await server.app.request('/api/runs', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const none = makeTestApp();
    const plain = await none.app.request('/api/runs', { headers: { origin: 'https://ui.example' } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the web UI with an index.html fallback, or says how to build it', async () => {
    const missing = makeTestApp();
    const hint = await missing.app.request('/');
    expect(hint.status).toBe(200);
    expect(await hint.text()).toContain('npm run build');

    const directory = mkdtempSync(join(tmpdir(), 'deepresearch-web-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(directory, 'assets', 'app.js'), 'console.log(1)');
    const server = makeTestApp({ webDirectory: directory, authTokens: [TOKEN] });
    expect(await (await server.app.request('/')).text()).toContain('id="root"');
    expect(await (await server.app.request('/runs/abc')).text()).toContain('id="root"');
    const script = await server.app.request('/assets/app.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect((await server.app.request('/runs/abc')).headers.get('cache-control')).toBe('no-cache');
    expect((await server.app.request('/assets/missing.js')).status).toBe(404);
    // Malformed escapes are a plain 404, never a crash.
    for (const path of ['/%', '/%zz', '/assets/%E0%A4%A', '/runs/%']) {
      expect((await server.app.request(path)).status).toBe(404);
    }
    writeFileSync(join(directory, '..', 'outside-secret.txt'), 'TOP-SECRET-CONTENT');
    const traversal = await server.app.request(`/%2e%2e/outside-secret.txt`);
    expect(await traversal.text()).not.toContain('TOP-SECRET-CONTENT');
  });

  it('reports metrics by status, tokens, cost and tool latency over a window', async () => {
    const server = makeTestApp();
    for (let index = 0; index < 2; index++) {
      const response = await server.app.request('/api/runs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'q' }),
      });
      await server.runs.waitForEnd(((await response.json()) as { id: string }).id);
    }
    const metrics = await (await server.app.request('/api/metrics?window=1h')).json();
    expect(metrics).toMatchObject({
      window: '1h',
      runs: { total: 2, byStatus: { completed: 2, failed: 0 } },
      tokens: { total: 400 },
      llm: { calls: 4, failed: 0, successRate: 1 },
      models: {
        'fake:model': {
          calls: 4,
          failed: 0,
          fallbacks: 0,
          cooldowns: 0,
          successRate: 1,
          totalTokens: 400,
          latencyMs: { count: 4, p50: 40, p95: 40 },
        },
      },
      tools: { search: { calls: 4, succeeded: 4, successRate: 1, latencyMs: { p50: 5 } } },
      live: { running: 0, queued: 0 },
    });
    expect(metrics.costUsd).toBeCloseTo(0.0004);
    expect(metrics.durationMs.count).toBe(2);
    expect(metrics.series).toHaveLength(24);
    expect(metrics.series.reduce((sum: number, bucket: { runs: number }) => sum + bucket.runs, 0)).toBe(2);
    // The final evaluations, averaged over the window and per time slice.
    expect(metrics.evaluation).toEqual({
      runs: 2,
      average: { relevance: 8, accuracy: 9, completeness: 7, sourceQuality: 6 },
    });
    expect(
      metrics.series.map((bucket: { evaluationScore: number | null }) => bucket.evaluationScore),
    ).toContain(7.5);
    expect((await server.app.request('/api/metrics?window=2y')).status).toBe(400);
  });
});
