import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseResearchConfig } from '../config/schemas.js';
import { openSqliteStore } from '../store/index.js';
import { createFakeRunner } from '../testing/fake-runner.js';
import { runServeCommand, type ServeCommandOptions } from './serve-command.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-serve-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function collect() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  return { stream, text: () => text };
}

type ServeOverrides = Partial<Omit<ServeCommandOptions, 'serve'>> & {
  serve?: ServeCommandOptions['serve'];
  /** Whether stderr is a terminal. */
  terminal?: boolean;
};

async function startServe(overrides: ServeOverrides = {}) {
  const stdout = collect();
  const stderr = collect();
  const controller = new AbortController();
  const { serve, terminal, ...rest } = overrides;
  if (terminal) Object.assign(stderr.stream, { isTTY: true });
  const done = runServeCommand({
    config: parseResearchConfig({ apiKey: 'sk-serve-secret' }),
    serve: { port: 0, db: join(directory, `serve-${Math.random()}.db`), maxConcurrentRuns: 2, ...serve },
    env: {},
    stdout: stdout.stream,
    stderr: stderr.stream,
    signal: controller.signal,
    runner: createFakeRunner({ steps: 2, stepDelayMs: 10 }),
    shutdownGraceMs: 2_000,
    ...rest,
  });
  // Up to 20 s: the first start in a test process imports the whole server through the transformer.
  for (let attempt = 0; attempt < 2_000 && !/Listening on/.test(stdout.text()); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const url = /Listening on (http:\/\/\S+)/.exec(stdout.text())?.[1] ?? '';
  return { url, stdout, stderr, controller, done };
}

describe('deepresearch serve', () => {
  it('listens on loopback, says there is no auth, serves runs and stops cleanly on the signal', async () => {
    const db = join(directory, 'clean.db');
    const serve = await startServe({ serve: { db } });
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.stderr.text()).toContain('listening on 127.0.0.1 only: no --auth-token given');
    const created = await fetch(`${serve.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'q' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const events = await (await fetch(`${serve.url}/api/runs/${id}/events`)).text();
    expect(events).toContain('event: run-end');
    serve.controller.abort();
    expect(await serve.done).toBe(0);
    const store = openSqliteStore({ path: db });
    expect((await store.getRun(id))?.status).toBe('completed');
    await store.close();
    const logs = serve.stderr.text();
    expect(logs).toContain('"message":"request"');
    expect(logs).not.toContain('sk-serve-secret');
  });

  it('writes no line per request on a terminal unless --log-level info asks for them', async () => {
    const cases = [
      { terminal: true, logLevel: undefined, requests: false },
      { terminal: true, logLevel: 'info' as const, requests: true },
      { terminal: false, logLevel: 'warn' as const, requests: false },
    ];
    for (const { terminal, logLevel, requests } of cases) {
      const serve = await startServe({ terminal, serve: { logLevel } });
      for (const path of ['/health', '/api/runs', '/index.html'])
        await (await fetch(`${serve.url}${path}`)).text();
      serve.controller.abort();
      expect(await serve.done).toBe(0);
      expect(serve.stderr.text().includes('"message":"request"')).toBe(requests);
      expect(serve.stderr.text()).toContain('Stopped.');
    }
  });

  it('requires tokens from flags or a token file when asked to', async () => {
    const file = join(directory, 'tokens.txt');
    writeFileSync(file, '# tokens\ntoken-from-file\n\n');
    const serve = await startServe({ serve: { authTokenFile: file, authTokens: ['token-from-flag'] } });
    expect(serve.stderr.text()).not.toContain('no --auth-token');
    expect((await fetch(`${serve.url}/api/runs`)).status).toBe(401);
    for (const token of ['token-from-file', 'token-from-flag']) {
      expect(
        (await fetch(`${serve.url}/api/runs`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
    }
    serve.controller.abort();
    expect(await serve.done).toBe(0);
  });

  it('refuses to listen beyond loopback without a token', async () => {
    await expect(
      runServeCommand({
        config: parseResearchConfig({}),
        serve: { port: 0, host: '0.0.0.0', db: join(directory, 'refused.db') },
        env: {},
        stdout: new PassThrough(),
        stderr: new PassThrough(),
      }),
    ).rejects.toMatchObject({ code: 'invalid_config' });
  });

  it('refuses to start the real engine without its model key, before opening the database', async () => {
    const db = join(directory, 'no-key.db');
    const attempt = runServeCommand({
      config: parseResearchConfig({ model: 'openai:gpt-4o-mini' }),
      serve: { port: 0, db },
      env: {},
      stdout: new PassThrough(),
      stderr: new PassThrough(),
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'invalid_config',
      problem: 'missing_api_key',
      key: 'model',
      variable: 'OPENAI_API_KEY',
    });
    expect(existsSync(db)).toBe(false);
  });

  it('cancels runs still going after the grace period and leaves them interrupted', async () => {
    const db = join(directory, 'grace.db');
    const serve = await startServe({
      serve: { db },
      runner: createFakeRunner({ steps: 10_000, stepDelayMs: 10 }),
      shutdownGraceMs: 50,
    });
    const created = await fetch(`${serve.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'q' }),
    });
    const { id } = (await created.json()) as { id: string };
    const socket = new WebSocket(`${serve.url.replace('http', 'ws')}/api/runs/${id}/ws`);
    const messages: { type: string; status?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    // Stopped once the socket follows the run (its first event came), however slow the start.
    await new Promise((resolve) => socket.once('message', resolve));
    serve.controller.abort();
    expect(await serve.done).toBe(0);
    await socketClosed;
    expect(messages.at(-1)).toEqual({ type: 'end', status: 'interrupted' });
    const store = openSqliteStore({ path: db });
    expect((await store.getRun(id))?.status).toBe('interrupted');
    await store.close();
  });

  it('serves MCP at /mcp behind its token and eval folders from its working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'deepresearch-serve-cwd-'));
    mkdirSync(join(cwd, 'eval-demo'));
    writeFileSync(join(cwd, 'eval-demo', 'eval.json'), JSON.stringify({ format: 'jsonl', questions: 1 }));
    const serve = await startServe({ serve: { authTokens: ['serve-token'] }, cwd });
    const initialize = (headers: Record<string, string>) =>
      fetch(`${serve.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
      });
    expect((await initialize({})).status).toBe(401);
    const opened = await initialize({ authorization: 'Bearer serve-token' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    await opened.text();
    // Eval runs belong to no token: only an admin (or a server without auth) lists them.
    const evals = await fetch(`${serve.url}/api/evals`, { headers: { authorization: 'Bearer serve-token' } });
    expect(await evals.json()).toEqual({ evals: [] });
    // The open MCP session does not hold the shutdown up.
    serve.controller.abort();
    expect(await serve.done).toBe(0);

    const local = await startServe({ cwd });
    const listed = (await (await fetch(`${local.url}/api/evals`)).json()) as { evals: { name: string }[] };
    expect(listed.evals.map((item) => item.name)).toEqual(['eval-demo']);
    local.controller.abort();
    expect(await local.done).toBe(0);
  });
});
