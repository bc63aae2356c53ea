import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeRunner } from '../../testing/fake-runner.js';
import { listen, makeTestApp } from '../../testing/server-test-app.js';

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
});
