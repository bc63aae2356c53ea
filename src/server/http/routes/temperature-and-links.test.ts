import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../../config/schemas.js';
import { listen, makeTestApp, TEST_API_KEY } from '../../../testing/server-test-app.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('POST /api/runs links', () => {
  it('answers absolute events_url and websocket_url under the address the request reached', async () => {
    const server = makeTestApp();
    const http = await listen(server);
    closers.push(http.close);
    const response = await fetch(`${http.url}/api/runs`, json({ question: 'Why is the sky blue?' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; events_url: string; websocket_url: string };
    const port = new URL(http.url).port;
    expect(created.events_url).toBe(`http://127.0.0.1:${port}/api/runs/${created.id}/events`);
    expect(created.websocket_url).toBe(`ws://127.0.0.1:${port}/api/runs/${created.id}/ws`);
    // The link works: the stream of the run it names.
    const events = await fetch(created.events_url);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    expect(await events.text()).toContain('event: run-end');
  });

  it('honours the public URL (https, path prefix) and keeps it on an idempotent replay', async () => {
    const server = makeTestApp({ publicUrl: 'https://research.example.com/deep/' });
    const request = () =>
      server.app.request('/api/runs', json({ question: 'q' }, { 'idempotency-key': 'one' }));
    const first = await request();
    const created = (await first.json()) as { id: string; events_url: string; websocket_url: string };
    expect(created.events_url).toBe(`https://research.example.com/deep/api/runs/${created.id}/events`);
    expect(created.websocket_url).toBe(`wss://research.example.com/deep/api/runs/${created.id}/ws`);
    const replay = await request();
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ id: created.id, websocket_url: created.websocket_url });
  });
});

describe('temperature through the API', () => {
  it('takes options.temperature per role, and refuses one above the operator limit naming it', async () => {
    const server = makeTestApp({ maxTemperature: 1 });
    const accepted = await server.app.request(
      '/api/runs',
      json({ question: 'q', options: { temperature: 'writer=0.9,planner=0' } }),
    );
    expect(accepted.status).toBe(201);
    const { id } = (await accepted.json()) as { id: string };
    const record = await server.store.getRun(id);
    expect(record?.options.temperature).toEqual({ writer: 0.9, planner: 0 });
    const above = await server.app.request(
      '/api/runs',
      json({ question: 'q', options: { temperature: { writer: 1.5 } } }),
    );
    expect(above.status).toBe(400);
    const error = (await above.json()).error;
    expect(error).toMatchObject({ code: 'invalid_request', field: 'options.temperature' });
    expect(error.message).toContain('1.5');
    expect(error.message).toContain('above 1, the highest this server allows');
    const garbage = await server.app.request(
      '/api/runs',
      json({ question: 'q', options: { temperature: 'hot' } }),
    );
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.field).toBe('options.temperature');
  });

  it("lets the operator's own temperature above a client's limit stand when the client sets none", async () => {
    const server = makeTestApp({
      maxTemperature: 0.5,
      config: parseResearchConfig({ apiKey: TEST_API_KEY, temperature: 0.9 }),
    });
    const response = await server.app.request('/api/runs', json({ question: 'q' }));
    expect(response.status).toBe(201);
  });

  it('maps /v1 temperature onto the run, and answers BadRequestError with param temperature above the limit', async () => {
    const server = makeTestApp({ maxTemperature: 1 });
    const http = await listen(server);
    closers.push(http.close);
    const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'q' }],
      temperature: 0.4,
    });
    const run = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(run?.options.temperature).toEqual({ default: 0.4 });
    const failure = await openai.chat.completions
      .create({ model: 'deepresearch', messages: [{ role: 'user', content: 'q' }], temperature: 1.7 })
      .catch((error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(failure).toMatchObject({ status: 400, param: 'temperature' });
    const responses = await openai.responses
      .create({ model: 'deepresearch', input: 'q', temperature: 1.2 })
      .catch((error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>);
    expect(responses).toMatchObject({ status: 400, param: 'temperature' });
  });
});
