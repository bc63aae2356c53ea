import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeRunner } from '../../testing/fake-runner.js';
import { listen, makeTestApp } from '../../testing/server-test-app.js';
import { FAILED_RUN_REPLAY_MS } from '../constants.js';

const ALICE = 'alice-token';
const BOB = 'bob-token';
const closers: (() => Promise<void>)[] = [];
// The openai client sends no Idempotency-Key of its own; callers set the header.
const key = (value: string) => ({ 'Idempotency-Key': value });
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function startRun(app: ReturnType<typeof makeTestApp>, body: unknown, headers: Record<string, string>) {
  return app.app.request('/api/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('Idempotency-Key', () => {
  it('POST /api/runs: the same key and body return the first run; another body is a 422', async () => {
    const runner = createFakeRunner();
    const app = makeTestApp({ authTokens: [ALICE, BOB], runner });
    const alice = { authorization: `Bearer ${ALICE}`, 'idempotency-key': 'key-1' };
    const first = await startRun(app, { question: 'Why?' }, alice);
    expect(first.status).toBe(201);
    const again = await startRun(app, { question: 'Why?' }, alice);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(runner.calls).toHaveLength(1);

    const other = await startRun(app, { question: 'Why not?' }, alice);
    expect(other.status).toBe(422);
    expect(other.headers.get('x-should-retry')).toBe('false');
    expect((await other.json()).error).toMatchObject({
      code: 'idempotency_mismatch',
      field: 'Idempotency-Key',
      message: expect.stringContaining('send a new key'),
    });

    // The key is the caller's own: another token with the same key starts its own run.
    const bob = await startRun(
      app,
      { question: 'Why?' },
      { authorization: `Bearer ${BOB}`, 'idempotency-key': 'key-1' },
    );
    expect(bob.status).toBe(201);
    // Without a key every request is a new run; a request refused before its run leaves the key free.
    expect((await startRun(app, { question: 'Why?' }, { authorization: `Bearer ${ALICE}` })).status).toBe(
      201,
    );
    const refused = await startRun(app, { question: '' }, { ...alice, 'idempotency-key': 'key-2' });
    expect(refused.status).toBe(400);
    expect((await startRun(app, { question: 'Now?' }, { ...alice, 'idempotency-key': 'key-2' })).status).toBe(
      201,
    );
    const huge = await startRun(app, { question: 'Why?' }, { ...alice, 'idempotency-key': 'x'.repeat(256) });
    expect(huge.status).toBe(400);
    await app.runs.shutdown({ graceMs: 0 });
  });

  it('/v1/chat/completions and /v1/responses: a retried call gets the first run, even after a disconnect', async () => {
    const runner = createFakeRunner({ steps: 3, stepDelayMs: 20 });
    const app = makeTestApp({ authTokens: [ALICE], runner });
    const http = await listen(app);
    closers.push(http.close);
    const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: ALICE, maxRetries: 0 });
    const body = { model: 'deepresearch', messages: [{ role: 'user' as const, content: 'Why?' }] };

    // The first call goes away mid-run; with a key, its run goes on for the retry to collect.
    const controller = new AbortController();
    const dropped = openai.chat.completions.create(body, {
      signal: controller.signal,
      headers: key('chat-1'),
    });
    await vi.waitFor(() => expect(runner.calls).toHaveLength(1), { timeout: 30_000 });
    controller.abort();
    await dropped.catch(() => undefined);
    const retried = await openai.chat.completions.create(body, { headers: key('chat-1') });
    expect(retried.choices[0]?.message.content).toBe('The answer [1].');
    expect(runner.calls).toHaveLength(1);

    const input = { model: 'deepresearch', input: 'Why?' };
    const first = await openai.responses.create(input, { headers: key('resp-1') });
    const second = await openai.responses.create(input, { headers: key('resp-1') });
    expect(second.id).toBe(first.id);
    expect(second.output_text).toBe('The answer [1].');
    expect(runner.calls).toHaveLength(2);
    const mismatch = await openai.responses
      .create({ ...input, input: 'Why not?' }, { headers: key('resp-1') })
      .catch((error: unknown) => error);
    expect(mismatch).toMatchObject({ status: 422, code: 'idempotency_mismatch' });
  });

  it('a key whose run was deleted starts a new run, and names that one from then on', async () => {
    const runner = createFakeRunner();
    const app = makeTestApp({ authTokens: [ALICE], runner });
    const alice = { authorization: `Bearer ${ALICE}`, 'idempotency-key': 'key-deleted' };
    const first = (await (await startRun(app, { question: 'Why?' }, alice)).json()) as { id: string };
    await app.runs.waitForEnd(first.id);
    const deleted = await app.app.request(`/api/runs/${first.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ALICE}` },
    });
    expect(deleted.status).toBe(204);
    const again = await startRun(app, { question: 'Why?' }, alice);
    expect(again.status).toBe(201);
    const second = (await again.json()) as { id: string };
    expect(second.id).not.toBe(first.id);
    expect(
      (await app.app.request(`/api/runs/${second.id}`, { headers: { authorization: `Bearer ${ALICE}` } }))
        .status,
    ).toBe(200);
    const third = await startRun(app, { question: 'Why?' }, alice);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(((await third.json()) as { id: string }).id).toBe(second.id);
    expect(runner.calls).toHaveLength(2);
  });
});

describe('a failed /v1 call sent again', () => {
  it('gets the same failure and run within the window, then starts a new run; another body or token never does', async () => {
    const clock = { now: Date.parse('2026-11-27T08:00:00.000Z') };
    const runner = createFakeRunner({ throwError: new Error('model server down') });
    const app = makeTestApp({ authTokens: [ALICE, BOB], runner, now: () => new Date(clock.now) });
    const post = (path: string, token: string, body: unknown) =>
      app.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const chat = { model: 'deepresearch', messages: [{ role: 'user', content: 'Why?' }] };
    const failure = async (response: Response) => {
      expect(response.status).toBe(424);
      return ((await response.json()) as { error: { code: string; run_id: string } }).error;
    };
    const first = await failure(await post('/v1/chat/completions', ALICE, chat));
    expect(first).toMatchObject({ code: 'run_failed', run_id: expect.any(String) });
    clock.now += FAILED_RUN_REPLAY_MS - 1000;
    const retried = await post('/v1/chat/completions', ALICE, chat);
    expect(await failure(retried)).toEqual(first);
    expect(runner.calls).toHaveLength(1);
    // Another body, or another token's same body, is another request: a run of its own.
    expect(
      (await failure(await post('/v1/chat/completions', ALICE, { ...chat, temperature: 0 }))).run_id,
    ).not.toBe(first.run_id);
    expect((await failure(await post('/v1/chat/completions', BOB, chat))).run_id).not.toBe(first.run_id);
    expect(runner.calls).toHaveLength(3);
    // Past the window the same request runs again.
    clock.now += 2000;
    expect((await failure(await post('/v1/chat/completions', ALICE, chat))).run_id).not.toBe(first.run_id);
    expect(runner.calls).toHaveLength(4);

    const responses = { model: 'deepresearch', input: 'Why?' };
    const failed = await failure(await post('/v1/responses', ALICE, responses));
    expect((await failure(await post('/v1/responses', ALICE, responses))).run_id).toBe(failed.run_id);
    expect(runner.calls).toHaveLength(5);
    // The sessions API answers 201 at once: the same body there is a new run each time.
    expect((await post('/api/runs', ALICE, { question: 'Why?' })).status).toBe(201);
    expect((await post('/api/runs', ALICE, { question: 'Why?' })).status).toBe(201);
  });

  it('starts a new run when the same call succeeded before', async () => {
    const runner = createFakeRunner();
    const app = makeTestApp({ authTokens: [ALICE], runner });
    const body = JSON.stringify({ model: 'deepresearch', messages: [{ role: 'user', content: 'Why?' }] });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${ALICE}` };
    for (let call = 0; call < 2; call++) {
      const response = await app.app.request('/v1/chat/completions', { method: 'POST', headers, body });
      expect(response.status).toBe(200);
    }
    expect(runner.calls).toHaveLength(2);
  });
});
