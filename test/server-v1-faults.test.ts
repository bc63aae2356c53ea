/**
 * `/v1/chat/completions` and `/v1/responses` answer a client's mistake with 400 and a failed run
 * with 424 `run_failed` and `x-should-retry: false`, each saying what went wrong: `budget_tokens: 1`
 * leaves no room for an answer, and an allowed model's server cannot be reached. The `openai`
 * client, with its default retries, starts one run for one failing call.
 */
import { createServer } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { research } from '../src/research/index.js';
import { type DemoWorld, demoResearchConfig, startDemoWorld } from '../src/testing/demo-world.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let world: DemoWorld;
let app: ReturnType<typeof makeTestApp>;
beforeAll(async () => {
  world = await startDemoWorld();
  const config = demoResearchConfig(world);
  app = makeTestApp({
    runner: research,
    config,
    capabilities: { env: { OLLAMA_BASE_URL: `http://127.0.0.1:${await closedPort()}` } },
    allowedModels: ['ollama:*'],
  });
}, 60_000);
afterAll(async () => {
  await app?.runs.shutdown({ graceMs: 0 });
  await world?.close();
});

const complete = (body: Record<string, unknown>) =>
  app.app.request('/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'When was the Eiffel Tower built?' }],
      ...body,
    }),
  });

describe('/v1 faults', () => {
  it('answers budget_tokens: 1 with 400 naming budget_tokens', async () => {
    const response = await complete({ model: 'deepresearch', budget_tokens: 1 });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      param: 'budget_tokens',
      code: 'invalid_request',
    });
    expect(error.message).toMatch(/token budget.*budget_tokens 1/is);
  }, 60_000);

  it('answers an allowed model whose server is down with 424 saying so, not to be retried', async () => {
    const response = await complete({ model: 'ollama:llama3.1' });
    expect(response.status).toBe(424);
    expect(response.headers.get('x-should-retry')).toBe('false');
    const { error } = await response.json();
    expect(error).toMatchObject({ type: 'server_error', code: 'run_failed' });
    expect(error.message).toMatch(/Cannot reach the model server of ollama:llama3\.1/);
    expect(error.message).not.toMatch(/--[a-z]/);
  }, 60_000);

  it('starts one run for one failing call of the openai client with its default retries', async () => {
    const http = await listen(app);
    try {
      const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused' });
      const before = (await app.store.listRuns({ limit: 500 })).runs.length;
      const chat = await openai.chat.completions
        .create({ model: 'ollama:llama3.1', messages: [{ role: 'user', content: 'When?' }] })
        .catch((error: unknown) => error);
      expect(chat).toBeInstanceOf(OpenAI.APIError);
      expect(chat).toMatchObject({ status: 424, code: 'run_failed' });
      expect((chat as Error).message).toMatch(/Cannot reach the model server/);
      const response = await openai.responses
        .create({ model: 'ollama:llama3.1', input: 'When?' })
        .catch((error: unknown) => error);
      expect(response).toMatchObject({ status: 424, code: 'run_failed' });
      expect((await app.store.listRuns({ limit: 500 })).runs.length).toBe(before + 2);
    } finally {
      await http.close();
    }
  }, 60_000);
});
