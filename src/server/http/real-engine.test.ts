import { type AddressInfo, createServer } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineWorld } from '../../testing/engine-world.js';
import { listen, makeTestApp, parseSse } from '../../testing/server-test-app.js';

let world: Awaited<ReturnType<typeof startEngineWorld>>;

/** The server app running the engine of `engine` (its model, search and reader). */
const appOn = (engine: typeof world) =>
  makeTestApp({ runner: engine.runner, config: engine.config, capabilities: engine.capabilities });
beforeAll(async () => {
  world = await startEngineWorld();
});
afterAll(async () => {
  await world.close();
});

describe('the server with the real engine', () => {
  it('uses a model server given by URL instead of starting its own (the load bench runs it apart)', async () => {
    const elsewhere = await startEngineWorld({ llmUrl: 'http://127.0.0.1:9/v1' });
    expect(elsewhere.config.baseURL).toBe('http://127.0.0.1:9/v1');
    await elsewhere.close();
  });

  it('runs a question to a cited answer, with every event stored and streamed', async () => {
    const server = appOn(world);
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'When was the Eiffel Tower completed?', options: { maxSteps: 6 } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const messages = parseSse(await (await server.app.request(`/api/runs/${id}/events`)).text());
    const events = messages.filter((message) => message.id !== undefined);
    expect(events[0]?.event).toBe('run-start');
    expect(events.at(-1)?.event).toBe('run-end');
    expect(events.map((message) => Number(message.id))).toEqual(events.map((_, index) => index));
    const detail = await (await server.app.request(`/api/runs/${id}`)).json();
    expect(['completed', 'best_effort']).toContain(detail.status);
    expect(detail.result.answer).toContain('1889');
    expect(detail.result.references.length).toBeGreaterThan(0);
    expect(detail.usage.totalTokens).toBeGreaterThan(0);
    expect(detail.metrics.llmCalls).toBeGreaterThan(0);
    expect(JSON.stringify(await server.store.listEvents(id))).not.toContain('sk-engine-world-key');
    // The run's sources reach the store from its reads' tool-result events.
    const { sources } = await (await server.app.request(`/api/runs/${id}/sources`)).json();
    const read = detail.result.references.map((reference: { url: string }) => reference.url);
    expect(sources.map((source: { url: string }) => source.url)).toEqual(expect.arrayContaining(read));
    expect(sources[0]).toMatchObject({
      title: expect.any(String),
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('tells a client the operator fixes an unreachable model server, naming no flag', async () => {
    // A port that was just free: nothing listens there (connection refused).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const lost = await startEngineWorld({ llmUrl: `http://127.0.0.1:${port}/v1` });
    try {
      const server = appOn(lost);
      const created = await server.app.request('/api/runs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'When was the Eiffel Tower completed?', options: { maxSteps: 2 } }),
      });
      const { id } = (await created.json()) as { id: string };
      // The stream ends with the run.
      await (await server.app.request(`/api/runs/${id}/events`)).text();
      const events = JSON.stringify(await server.store.listEvents(id));
      expect(events).toContain("The server's operator can start it or correct its address.");
      expect(events).not.toMatch(/--base-url|--api-key/);
    } finally {
      await lost.close();
    }
  });

  it("words a model key missing during a server's run as the server's to set, naming no flag", async () => {
    const server = makeTestApp({
      runner: world.runner,
      config: {
        ...world.config,
        model: 'anthropic:claude-sonnet-4-5',
        apiKey: undefined,
        baseURL: undefined,
      },
      capabilities: world.capabilities,
    });
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
    });
    const { id } = (await created.json()) as { id: string };
    await (await server.app.request(`/api/runs/${id}/events`)).text();
    const detail = await (await server.app.request(`/api/runs/${id}`)).json();
    expect(detail.status).toBe('failed');
    const events = JSON.stringify(await server.store.listEvents(id));
    expect(events).toContain(
      "ANTHROPIC_API_KEY is not set on this server, so anthropic cannot be used; the server's operator can set it.",
    );
    expect(events).not.toMatch(/--api-key|pass --|"apiKey" option/);
  });

  it('answers an OpenAI client with the researched answer', async () => {
    const server = appOn(world);
    const http = await listen(server);
    try {
      const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused', maxRetries: 0 });
      const completion = await openai.chat.completions.create({
        model: 'deepresearch',
        messages: [{ role: 'user', content: 'When was the Eiffel Tower completed?' }],
      });
      expect(completion.choices[0]?.message.content).toContain('1889');
      expect(completion.choices[0]?.message.annotations?.[0]?.url_citation.url).toMatch(/^https:\/\//);
    } finally {
      await http.close();
    }
  });
});
