import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseResearchConfig } from '../config/schemas.js';
import { createLlm } from './index.js';

/** Minimal successful bodies shaped like each provider's documented API. */
const bodies = {
  openai: {
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    model: 'gpt-4o-mini',
    status: 'completed',
    incomplete_details: null,
    output: [
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'hello', annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 10,
      output_tokens: 4,
      total_tokens: 14,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  },
  anthropic: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'text', text: 'hello' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 4 },
  },
  google: {
    candidates: [{ content: { parts: [{ text: 'hello' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 },
  },
  openrouter: {
    id: 'gen-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'openai/gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
  },
};

const cases = [
  {
    model: 'openai:gpt-4o-mini',
    env: { OPENAI_API_KEY: 'sk-openai' },
    url: 'https://api.openai.com/v1/responses',
    header: ['authorization', 'Bearer sk-openai'],
    body: bodies.openai,
  },
  {
    model: 'anthropic:claude-haiku-4-5',
    env: { ANTHROPIC_API_KEY: 'sk-anthropic' },
    url: 'https://api.anthropic.com/v1/messages',
    header: ['x-api-key', 'sk-anthropic'],
    body: bodies.anthropic,
  },
  {
    model: 'google:gemini-2.5-flash',
    env: { GOOGLE_GENERATIVE_AI_API_KEY: 'google-key' },
    url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    header: ['x-goog-api-key', 'google-key'],
    body: bodies.google,
  },
  {
    model: 'openrouter:openai/gpt-4o-mini',
    env: { OPENROUTER_API_KEY: 'sk-or' },
    url: 'https://openrouter.ai/api/v1/chat/completions',
    header: ['authorization', 'Bearer sk-or'],
    body: bodies.openrouter,
  },
] as const;

describe('hosted providers over an injected fetch', () => {
  it.each(cases)('$model sends the key from the injected env and reads text and usage', async (testCase) => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      seen.push({
        url: String(input instanceof Request ? input.url : input),
        headers: new Headers(init?.headers),
      });
      return new Response(JSON.stringify(testCase.body), { headers: { 'content-type': 'application/json' } });
    };
    const llm = createLlm({
      config: parseResearchConfig({ model: testCase.model }),
      env: testCase.env,
      fetch: fakeFetch,
    });
    const result = await llm.generateText({ role: 'planner', system: 's', prompt: 'p' });
    expect(result.value).toBe('hello');
    expect(result.usage).toMatchObject({ inputTokens: 10, outputTokens: 4, totalTokens: 14 });
    expect(result.usage.costUsd).toBeGreaterThan(0);
    expect(seen[0]?.url).toBe(testCase.url);
    expect(seen[0]?.headers.get(testCase.header[0])).toBe(testCase.header[1]);
  });

  it('--api-key is used for the main model provider only', async () => {
    const keys: Array<string | null> = [];
    const fakeFetch: typeof fetch = async (_input, init) => {
      const headers = new Headers(init?.headers);
      keys.push(headers.get('authorization') ?? headers.get('x-api-key'));
      const url = String(_input);
      const body = url.includes('anthropic') ? bodies.anthropic : bodies.openai;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const config = parseResearchConfig({
      model: 'openai:gpt-4o-mini',
      writerModel: 'anthropic:claude-haiku-4-5',
      apiKey: 'sk-flag',
    });
    const llm = createLlm({ config, env: { ANTHROPIC_API_KEY: 'sk-env-anthropic' }, fetch: fakeFetch });
    await llm.generateText({ role: 'planner', system: 's', prompt: 'p' });
    await llm.generateText({ role: 'writer', system: 's', prompt: 'p' });
    expect(keys).toEqual(['Bearer sk-flag', 'sk-env-anthropic']);
  });

  it('asks OpenAI for a non-strict JSON schema, so schemas with optional fields are accepted', async () => {
    let sent: { text?: { format?: { type?: string; strict?: boolean } } } = {};
    const fakeFetch: typeof fetch = async (_input, init) => {
      sent = JSON.parse(String(init?.body));
      const body = structuredClone(bodies.openai);
      const [message] = body.output;
      if (message?.content[0]) message.content[0].text = '{"title": "T"}';
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o-mini' }),
      env: { OPENAI_API_KEY: 'sk' },
      fetch: fakeFetch,
    });
    const schema = z.object({ title: z.string(), subtitle: z.string().optional() });
    const result = await llm.generateObject({
      role: 'planner',
      system: 's',
      prompt: 'p',
      schema,
      schemaName: 'heading',
    });
    expect(result.value).toEqual({ title: 'T' });
    expect(sent.text?.format).toMatchObject({ type: 'json_schema', strict: false });
  });

  it('openai goes to a proxy at the base URL, and anthropic ignores it', async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      const url = String(input);
      urls.push(url);
      const body = url.includes('anthropic') ? bodies.anthropic : bodies.openai;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const config = parseResearchConfig({
      model: 'openai:gpt-4o-mini',
      writerModel: 'anthropic:claude-haiku-4-5',
      baseURL: 'http://127.0.0.1:4000/v1',
    });
    const llm = createLlm({ config, env: { OPENAI_API_KEY: 'a', ANTHROPIC_API_KEY: 'b' }, fetch: fakeFetch });
    await llm.generateText({ role: 'planner', system: 's', prompt: 'p' });
    await llm.generateText({ role: 'writer', system: 's', prompt: 'p' });
    expect(urls).toEqual(['http://127.0.0.1:4000/v1/responses', 'https://api.anthropic.com/v1/messages']);
  });
});
