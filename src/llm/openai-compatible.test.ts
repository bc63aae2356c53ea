import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseResearchConfig } from '../config/schemas.js';
import { type FakeLlmScript, type FakeLlmServer, startFakeLlmServer } from '../testing/fake-llm-server.js';
import { createLlm, type LlmSettings, type StructuredOutputMode } from './index.js';

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(script: FakeLlmScript, extra: Partial<LlmSettings> = {}) {
  server = await startFakeLlmServer({ script });
  const llm = createLlm({
    config: parseResearchConfig({ model: 'openai-compatible:fake', baseURL: server.url }),
    env: {},
    sleep: async () => {},
    ...extra,
  });
  return { llm, server };
}

describe('openai-compatible provider over HTTP', () => {
  it('gets text and usage from Chat Completions', async () => {
    const { llm, server } = await setup({ text: 'Paris.', usage: { promptTokens: 12, completionTokens: 3 } });
    const result = await llm.generateText({
      role: 'planner',
      system: 'Be brief.',
      prompt: 'Capital of France?',
    });
    expect(result).toMatchObject({ value: 'Paris.', model: 'openai-compatible:fake' });
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15, costUsd: null });
    expect(server.requests[0]?.model).toBe('fake');
    expect(server.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Capital of France?' },
    ]);
  });

  it('streams text deltas', async () => {
    const { llm, server } = await setup('The answer is forty two.');
    const deltas: string[] = [];
    const result = await llm.generateText({
      role: 'writer',
      system: 's',
      prompt: 'p',
      onDelta: (text) => deltas.push(text),
    });
    expect(result.value).toBe('The answer is forty two.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(result.value);
    expect(server.requests[0]?.stream).toBe(true);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
  });

  it('honours a real Retry-After header on 429', async () => {
    const delays: number[] = [];
    const { llm, server } = await setup(
      [{ status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '3' } }, 'ok'],
      { sleep: async (ms) => void delays.push(ms) },
    );
    expect((await llm.generateText({ role: 'planner', system: 's', prompt: 'p' })).value).toBe('ok');
    expect(delays).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it('a 401 becomes an authentication error after one request', async () => {
    const { llm, server } = await setup({ status: 401, body: { error: { message: 'bad key' } } });
    const error = await llm
      .generateText({ role: 'planner', system: 's', prompt: 'p' })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'authentication', statusCode: 401 });
    expect((error as Error).message).toContain('OPENAI_API_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it.each<StructuredOutputMode>(['json', 'tool'])('structured output works in %s mode', async (mode) => {
    const { llm, server } = await setup('{"city": "Paris", "confidence": 0.9,}', {
      structuredOutputMode: mode,
    });
    const result = await llm.generateObject({
      role: 'planner',
      system: 's',
      prompt: 'p',
      schema: z.object({ city: z.string(), confidence: z.number() }),
      schemaName: 'city answer',
    });
    expect(result.value).toEqual({ city: 'Paris', confidence: 0.9 });
    const body = server.requests[0];
    if (mode === 'tool') expect(body?.tools?.[0]?.function.name).toBe('city_answer');
    else expect(body?.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: false } });
  });

  it('a hanging server is cut off by the timeout', async () => {
    const { llm } = await setup({ hang: true }, { timeoutMs: 100 });
    const error = await llm
      .generateText({ role: 'planner', system: 's', prompt: 'p' })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('retries a server that cannot be reached, then fails with unreachable naming the address and the fix', async () => {
    const closed = await startFakeLlmServer();
    await closed.close();
    let waits = 0;
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai-compatible:fake', baseURL: closed.url }),
      env: {},
      sleep: async () => {
        waits += 1;
      },
    });
    const error = await llm
      .generateText({ role: 'planner', system: 's', prompt: 'p' })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'unreachable' });
    expect((error as Error).message).toContain(new URL(closed.url).origin);
    expect((error as Error).message).toContain('connection refused');
    expect((error as Error).message).toContain('--base-url');
    expect(waits).toBe(2);
  });

  it.each<StructuredOutputMode>(['json', 'tool'])(
    "the fake server's default reply satisfies the requested schema (%s mode)",
    async (mode) => {
      server = await startFakeLlmServer();
      const llm = createLlm({
        config: parseResearchConfig({ model: 'openai-compatible:fake', baseURL: server.url }),
        env: {},
        structuredOutputMode: mode,
      });
      const schema = z.object({
        action: z.enum(['search', 'answer']),
        queries: z.array(z.string()).min(2),
        note: z.string().optional(),
      });
      const result = await llm.generateObject({
        role: 'planner',
        system: 's',
        prompt: 'p',
        schema,
        schemaName: 'act',
      });
      expect(result.value).toEqual({ action: 'search', queries: ['fake queries', 'fake queries'] });
      expect(server.requests).toHaveLength(1);
    },
  );
});
