import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlmServer, startFakeLlmServer } from './fake-llm-server.js';

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chat = (url: string, body: object) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });

describe('startFakeLlmServer', () => {
  it('answers chat completions with text and usage, and records the bodies', async () => {
    server = await startFakeLlmServer({ script: ['one', 'two'] });
    const first = (await (await chat(server.url, {})).json()) as {
      choices: Array<{ message: { content: string } }>;
      usage: { total_tokens: number };
    };
    const second = (await (await chat(server.url, {})).json()) as typeof first;
    expect(first.choices[0]?.message.content).toBe('one');
    expect(second.choices[0]?.message.content).toBe('two');
    expect(first.usage.total_tokens).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(2);
    const models = (await (await fetch(`${server.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((model) => model.id)).toEqual(['fake']);
  });

  it('streams SSE deltas ending with [DONE]', async () => {
    server = await startFakeLlmServer({ script: 'streamed answer here' });
    const text = await (await chat(server.url, { stream: true })).text();
    const events = text.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const content = events
      .slice(0, -1)
      .map(
        (event) =>
          JSON.parse(event.slice('data: '.length)) as { choices: Array<{ delta: { content?: string } }> },
      )
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(content).toBe('streamed answer here');
  });

  it('sends scripted HTTP errors with their headers', async () => {
    server = await startFakeLlmServer({
      script: { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '2' } },
    });
    const response = await chat(server.url, {});
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
  });

  it('closes even while a request hangs', async () => {
    server = await startFakeLlmServer({ script: { hang: true } });
    const pending = chat(server.url, {}).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    server = undefined;
    expect(await pending).toBeInstanceOf(Error);
  });
});
