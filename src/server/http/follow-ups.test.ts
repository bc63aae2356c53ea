/** Follow-up questions reach every surface of the server: the sessions API, /v1 (both), MCP. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../../testing/server-test-app.js';

const FOLLOW_UPS = ['What did it cost?', 'Who <b>built</b> it?', 'Which value is right: 330 m | 300 m?'];
const NOTE = `\nQuestions worth asking next:\n${FOLLOW_UPS.map((question) => `- ${question}`).join('\n')}\n`;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve() {
  const server = makeTestApp({ fake: { steps: 1, followUps: FOLLOW_UPS } });
  const http = await listen(server);
  closers.push(http.close);
  const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  return { server, openai };
}

describe('follow-up questions on every server surface', () => {
  it('are in the run result of the sessions API and in its markdown report', async () => {
    const { server } = await serve();
    const started = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'How tall is it?' }),
    });
    const { id } = (await started.json()) as { id: string };
    await server.runs.waitForEnd(id);
    const detail = (await (await server.app.request(`/api/runs/${id}`)).json()) as {
      result: { followUps: string[] };
    };
    expect(detail.result.followUps).toEqual(FOLLOW_UPS);
    const report = await (await server.app.request(`/api/runs/${id}/report`)).text();
    expect(report).toContain(`## Questions worth asking next\n\n- What did it cost?\n- Who <b>built</b> it?`);
  });

  it('end the reasoning of /v1/chat/completions, streamed or not', async () => {
    const { openai } = await serve();
    const completion = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'How tall is it?' }],
    });
    const message = completion.choices[0]?.message as unknown as { reasoning_content?: string } | undefined;
    const reasoning = message?.reasoning_content ?? '';
    expect(reasoning.endsWith(NOTE)).toBe(true);
    const stream = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'How tall is it?' }],
      stream: true,
    });
    let streamed = '';
    for await (const chunk of stream)
      streamed +=
        (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
    expect(streamed.endsWith(NOTE)).toBe(true);
  });

  it('end the reasoning summary of /v1/responses', async () => {
    const { openai } = await serve();
    const response = await openai.responses.create({ model: 'deepresearch', input: 'How tall is it?' });
    const [reasoning] = response.output;
    const summary = reasoning?.type === 'reasoning' ? (reasoning.summary[0]?.text ?? '') : '';
    expect(summary.endsWith(NOTE)).toBe(true);
  });

  it('are in the MCP research tool result, as text and structured content', async () => {
    const { server } = await serve();
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: async (url, init) => server.app.request(String(url), init),
    });
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(transport);
    closers.push(() => client.close());
    const result = (await client.callTool({
      name: 'research',
      arguments: { question: 'How tall is it?' },
    })) as {
      content: { type: string; text: string }[];
      structuredContent: { followUps?: string[] };
    };
    expect(result.structuredContent.followUps).toEqual(FOLLOW_UPS);
    expect(result.content[0]?.text).toContain(`Questions worth asking next:\n- What did it cost?\n`);
  });
});
