/**
 * What MCP hosts and inspectors see of `deepresearch serve`'s `/mcp`: the package's version, a
 * `WWW-Authenticate: Bearer` challenge on 401 (no OAuth detour), tool schemas a strict JSON Schema
 * checker accepts (closed objects, no type lists), and unknown arguments refused by name.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { callTool } from './helpers/mcp-client.js';

const TOKEN = 'mcp-hosts-token';
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function start() {
  const server = makeTestApp({ authTokens: [TOKEN] });
  const http = await listen(server);
  closers.push(async () => {
    await server.closeMcpSessions();
    await server.runs.shutdown({ graceMs: 0 });
    await http.close();
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  const client = new Client({ name: 'inspector-like', version: '1.0.0' });
  await client.connect(transport);
  closers.push(() => client.close());
  return { server, http, client };
}

/** Where a schema is not strict: open objects (`additionalProperties` other than false) and type lists. */
function looseSpots(schema: unknown, path = '$'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => looseSpots(item, `${path}[${index}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const spots: string[] = [];
  if (Array.isArray(node.type)) spots.push(`${path}.type is a list`);
  if (node.type === 'object' && node.additionalProperties !== false) spots.push(`${path} is an open object`);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    spots.push(...looseSpots(value, `${path}.${key}`));
  }
  return spots;
}

describe('MCP hosts and inspectors', () => {
  it('announces the package version over HTTP, as over stdio', async () => {
    const { client } = await start();
    expect(client.getServerVersion()).toMatchObject({ name: 'deepresearch', version: VERSION });
  });

  it('challenges a request without a token with WWW-Authenticate: Bearer', async () => {
    const { http } = await start();
    const response = await fetch(`${http.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('declares every input and output schema closed and without type lists', async () => {
    const { client } = await start();
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(3);
    for (const tool of tools) {
      expect(looseSpots(tool.inputSchema, `${tool.name}.input`)).toEqual([]);
      expect(looseSpots(tool.outputSchema ?? {}, `${tool.name}.output`)).toEqual([]);
    }
  });

  it('refuses unknown arguments such as apiKey and baseURL by name, starting no run', async () => {
    const { client, server } = await start();
    const refused = await callTool(client, 'research', {
      question: 'Why?',
      apiKey: 'sk-mine',
      baseURL: 'http://10.0.0.1',
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(
      /takes no argument "apiKey", "baseURL"\. It takes: question, model/,
    );
    expect(refused.content[0]?.text).toMatch(/set by the server's operator/);
    expect(refused.content[0]?.text).not.toMatch(/--[a-z]/);
    const typo = await callTool(client, 'search', { query: 'x', limit: 3 });
    expect(typo.content[0]?.text).toMatch(/takes no argument "limit"\. It takes: query, count/);
    expect((await server.store.listRuns({ limit: 10 })).runs).toHaveLength(0);
  });

  it('answers research with structured content that matches the declared output schema', async () => {
    const { client } = await start();
    // The SDK client checks structuredContent against the tool's output schema and throws on a mismatch.
    const answer = await callTool(client, 'research', { question: 'Why is the sky blue?' });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ status: 'completed', answer: 'The answer [1].' });
    // Only declared fields: the claim check is declared; the engine's other result fields are not sent.
    expect(Object.keys(answer.structuredContent ?? {})).toContain('claims');
    expect(Object.keys(answer.structuredContent ?? {})).not.toContain('subQuestions');
  });
});
