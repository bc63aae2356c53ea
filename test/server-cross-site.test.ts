/**
 * Cross-site requests against the real server (in process, and listening on 127.0.0.1): foreign
 * origins, non-JSON bodies, WebSocket upgrades from other pages, forged Host names (DNS rebinding),
 * and a page on another origin in Chromium that tries to start a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { hasChromium, launchChromium } from './helpers/chromium.js';
import { servePage } from './helpers/page-server.js';
import { rawRequest } from './helpers/raw-http.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const question = JSON.stringify({ question: 'Who designed the Eiffel Tower?' });
const chat = JSON.stringify({ model: 'deepresearch', messages: [{ role: 'user', content: 'Who?' }] });

async function runCount(server: ReturnType<typeof makeTestApp>): Promise<number> {
  return (await server.store.listRuns({ limit: 100 })).runs.length;
}

describe('cross-site requests', () => {
  it.each([
    ['text/plain;charset=UTF-8', '/api/runs', question],
    ['application/x-www-form-urlencoded', '/api/runs', 'question=x'],
    ['multipart/form-data; boundary=x', '/api/runs', '--x--'],
    ['text/plain', '/v1/chat/completions', chat],
  ])('refuses a %s body on %s with 415 and starts nothing', async (type, path, body) => {
    const server = makeTestApp();
    const response = await server.app.request(path, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(response.status).toBe(415);
    const error = (await response.json()).error;
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toContain('application/json');
    expect(await runCount(server)).toBe(0);
  });

  it('refuses state-changing requests from a page on another origin with 403, and takes its own', async () => {
    const server = makeTestApp();
    const foreign = { ...JSON_TYPE, origin: 'https://evil.example' };
    const refused = await server.app.request('/api/runs', {
      method: 'POST',
      headers: foreign,
      body: question,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      code: 'origin_not_allowed',
      message: expect.stringContaining('--cors-origin'),
    });
    const openai = await server.app.request('/v1/chat/completions', {
      method: 'POST',
      headers: foreign,
      body: chat,
    });
    expect(openai.status).toBe(403);
    expect((await openai.json()).error).toMatchObject({
      code: 'origin_not_allowed',
      type: 'permission_error',
    });
    expect(await runCount(server)).toBe(0);

    const own = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: 'http://localhost' },
      body: question,
    });
    expect(own.status).toBe(201);
    const { id } = (await own.json()) as { id: string };
    await server.runs.waitForEnd(id);
    for (const [method, path] of [
      ['DELETE', `/api/runs/${id}`],
      ['POST', `/api/runs/${id}/cancel`],
      ['POST', `/api/runs/${id}/resume`],
    ] as const) {
      const response = await server.app.request(path, { method, headers: { origin: 'null' } });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await runCount(server)).toBe(1);
    // Reading is left to the browser's same-origin policy: no CORS headers, nothing readable.
    const read = await server.app.request('/api/runs', { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes state-changing requests from an origin the operator allowed with --cors-origin', async () => {
    const server = makeTestApp({ corsOrigins: ['https://ui.example'] });
    const allowed = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: 'https://ui.example' },
      body: question,
    });
    expect(allowed.status).toBe(201);
    const other = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: 'https://evil.example' },
      body: question,
    });
    expect(other.status).toBe(403);
  });

  it('answers only to loopback names without auth (DNS rebinding), any name with auth', async () => {
    const open = makeTestApp();
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'LOCALHOST']) {
      expect((await open.app.request(`http://${host}/api/runs`)).status, host).toBe(200);
    }
    for (const host of ['attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io', '0.0.0.0']) {
      const response = await open.app.request(`http://${host}/api/runs`);
      expect(response.status, host).toBe(403);
      expect((await response.json()).error.code).toBe('host_not_allowed');
    }
    const named = makeTestApp({ hostNames: ['research.internal'] });
    expect((await named.app.request('http://research.internal/api/runs')).status).toBe(200);
    const token = 'token-0123456789abcdef';
    const authed = makeTestApp({ authTokens: [token] });
    const response = await authed.app.request('http://research.example.org/api/runs', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a forged Host and a foreign WebSocket on a listening server', async () => {
    const server = makeTestApp({ fake: { steps: 2, stepDelayMs: 5 } });
    const http = await listen(server);
    try {
      const port = new URL(http.url).port;
      const rebound = await rawRequest(`${http.url}/api/runs`, {
        headers: { host: `attacker.example:${port}` },
      });
      expect(rebound.status).toBe(403);
      expect(JSON.parse(rebound.body).error.code).toBe('host_not_allowed');
      const textPost = await rawRequest(`${http.url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: question,
      });
      expect(textPost.status).toBe(415);
      const noType = await rawRequest(`${http.url}/api/runs`, { method: 'POST', body: question });
      expect(noType.status).toBe(415);

      const created = await fetch(`${http.url}/api/runs`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: question,
      });
      const { id } = (await created.json()) as { id: string };
      await server.runs.waitForEnd(id);
      const socketUrl = `${http.url.replace('http', 'ws')}/api/runs/${id}/ws`;
      const foreign = await new Promise<number>((resolve) => {
        const socket = new WebSocket(socketUrl, { origin: 'https://evil.example' });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
      expect(foreign).toBe(403);
      const own = await new Promise<string[]>((resolve, reject) => {
        const messages: string[] = [];
        const socket = new WebSocket(socketUrl, { origin: http.url });
        socket.on('message', (data) => messages.push(String(data)));
        socket.on('close', () => resolve(messages));
        socket.on('error', reject);
      });
      expect(JSON.parse(own.at(-1) ?? '{}')).toEqual({ type: 'end', status: 'completed' });
    } finally {
      await http.close();
    }
  });
});

describe.skipIf(!hasChromium)('a page on another origin in Chromium', () => {
  let server: ReturnType<typeof makeTestApp>;
  let http: Awaited<ReturnType<typeof listen>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    server = makeTestApp();
    http = await listen(server);
    const port = new URL(http.url).port;
    // attacker.test resolves to 127.0.0.1, as a rebound DNS name would.
    browser = await launchChromium([`--host-resolver-rules=MAP attacker.test 127.0.0.1`]);
    expect(port).not.toBe('');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await http?.close();
  });

  it('cannot start a run with a simple POST, a form, a JSON fetch or a WebSocket', async () => {
    const target = http.url;
    const page = await servePage(`<!doctype html><body>
<form id="form" method="post" action="${target}/api/runs" enctype="text/plain" target="sink">
<input name='{"question":"form","x":"' value='"}'></form><iframe name="sink"></iframe>
<script>
window.results = (async () => {
  const out = {};
  try {
    await fetch('${target}/api/runs', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ question: 'simple post' }) });
    out.simple = 'sent';
  } catch (error) { out.simple = 'error'; }
  try {
    const response = await fetch('${target}/api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'json post' }) });
    out.json = response.status;
  } catch (error) { out.json = 'blocked'; }
  try {
    await fetch('${target}/v1/chat/completions', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ model: 'deepresearch', messages: [{ role: 'user', content: 'x' }] }) });
    out.openai = 'sent';
  } catch (error) { out.openai = 'error'; }
  out.socket = await new Promise((resolve) => {
    const socket = new WebSocket('${target.replace('http', 'ws')}/api/runs/any/ws');
    socket.onopen = () => resolve('open');
    socket.onerror = () => resolve('refused');
  });
  document.getElementById('form').submit();
  return out;
})();
</script></body>`);
    try {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(page.url);
      const results = await tab.evaluate(() => (window as unknown as { results: Promise<unknown> }).results);
      // The form posts into the iframe; give it its answer before counting.
      await tab.waitForTimeout(500);
      expect(results).toMatchObject({ simple: 'sent', json: 'blocked', openai: 'sent', socket: 'refused' });
      expect(await runCount(server)).toBe(0);

      // DNS rebinding: the same server by a name that now resolves to 127.0.0.1.
      const port = new URL(http.url).port;
      const rebound = await tab.goto(`http://attacker.test:${port}/`);
      expect(rebound?.status()).toBe(403);
      await context.close();
    } finally {
      await page.close();
    }
  });
});
