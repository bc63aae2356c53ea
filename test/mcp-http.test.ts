import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/schemas.js';
import type { ResearchResult } from '../src/contract/index.js';
import { createMcpHttpHandler, createMcpServer, type McpHttpHandler } from '../src/mcp/index.js';
import { createReader } from '../src/reader/index.js';
import { research } from '../src/research/index.js';
import { createSearch } from '../src/search/index.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { createFakeMcpCorpus } from '../src/testing/fake-mcp-corpus.js';
import { callTool, researchThenCancel } from './helpers/mcp-client.js';

const TOKEN = 'secret-token-1';
let world: DemoWorld | undefined;
let handler: McpHttpHandler | undefined;
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await handler?.close();
  await world?.close();
  handler = undefined;
  world = undefined;
});

const corpus = createFakeMcpCorpus('handbook', {
  'guide/tower.md': '# Tower guide\nThe tower opens at 9:00 every day.\nTickets are sold online.',
});

/**
 * A tiny app mounting the handler at /mcp, as `serve` will: the MCP server behind it runs the real
 * engine against the fake model, search and page servers, and has one registered corpus.
 */
async function startApp(options: { tokens?: string[]; script?: Parameters<typeof startDemoWorld>[0] } = {}) {
  world = await startDemoWorld(options.script);
  const defaults = parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: world.llm.url,
    search: ['searxng'],
    searxngUrl: world.search.url,
    allowHosts: [world.pages.host],
    noDirectAnswer: true,
  });
  const runs: ResearchResult[] = [];
  const served = world;
  handler = createMcpHttpHandler(
    () =>
      createMcpServer({
        research: async (runOptions, hooks) => {
          const result = await research(runOptions, { ...hooks, env: {} });
          runs.push(result);
          return result;
        },
        defaults,
        reader: createReader({ allowHosts: defaults.allowHosts }),
        search: createSearch({ providers: ['searxng'], searxngUrl: served.search.url, env: {} }),
        corpora: [corpus],
      }),
    { auth: { tokens: options.tokens ?? [] } },
  );
  const mounted = handler;
  const app = new Hono();
  app.all('/mcp', (context) => mounted.handle(context.req.raw));
  return { app, runs };
}

async function connect(app: Hono, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
    fetch: async (url, init) => app.request(String(url), init),
    ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const call = callTool;

describe('MCP over Streamable HTTP, mounted in a Hono app', () => {
  it('lists and calls every tool, corpus tools included, without auth', async () => {
    const { app, runs } = await startApp();
    const client = await connect(app);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'read',
      'read_file',
      'research',
      'search',
      'search_corpus',
    ]);

    const search = await call(client, 'search', { query: 'Eiffel', count: 1 });
    expect(search.structuredContent?.results).toHaveLength(1);

    const page = await call(client, 'read', {
      url: `${world!.pages.origin}/paris-landmarks`,
      maxCharacters: 40,
    });
    expect(page.structuredContent).toMatchObject({ title: 'Landmarks of Paris', truncated: true });
    expect(String(page.structuredContent?.markdown)).toHaveLength(40);

    const passages = await call(client, 'search_corpus', { query: 'when does the tower open' });
    expect(passages.structuredContent?.passages).toContainEqual(
      expect.objectContaining({ corpus: 'handbook', path: 'guide/tower.md', startLine: 2, endLine: 2 }),
    );
    const lines = await call(client, 'read_file', { path: 'guide/tower.md', startLine: 2, endLine: 3 });
    expect(lines.content[0]?.text).toBe(
      'guide/tower.md:2-3\n2: The tower opens at 9:00 every day.\n3: Tickets are sold online.',
    );
    const unknown = await call(client, 'read_file', { path: 'x.md', corpus: 'wiki' });
    expect(unknown).toMatchObject({
      isError: true,
      content: [{ text: 'Unknown corpus "wiki". Known: handbook.' }],
    });

    const progress: string[] = [];
    const answer = await call(
      client,
      'research',
      { question: 'When was the Eiffel Tower completed?', maxSteps: 6 },
      { onprogress: (update: { message?: string }) => progress.push(update.message ?? '') },
    );
    expect(answer.structuredContent).toMatchObject({ status: 'completed' });
    const references = answer.structuredContent?.references as { verified: boolean }[];
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((reference) => !reference.verified)).toEqual([]);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.some((line) => line.startsWith('step 1/6 · '))).toBe(true);
    expect(runs).toHaveLength(1);
  });

  it('refuses requests without the bearer token, and sessions of another token', async () => {
    const { app } = await startApp({ tokens: [TOKEN, 'second-token'] });
    await expect(connect(app)).rejects.toThrow(/401|Unauthorized|Missing bearer token/i);
    await expect(connect(app, 'wrong')).rejects.toThrow(/401|Unauthorized|Invalid bearer token/i);

    const initialize = await app.request('http://mcp.test/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(initialize.status).toBe(401);
    expect(initialize.headers.get('www-authenticate')).toBe('Bearer realm="deepresearch"');
    expect(await initialize.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing bearer token: send "Authorization: Bearer <token>".' },
    });

    const client = await connect(app, TOKEN);
    const search = await call(client, 'search', { query: 'Eiffel' });
    expect(search.isError).toBeFalsy();
    expect(handler!.sessionCount).toBe(1);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    const stolen = await app.request('http://mcp.test/mcp', {
      method: 'POST',
      headers: {
        authorization: 'Bearer second-token',
        'mcp-session-id': sessionId,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }),
    });
    expect(stolen.status).toBe(404);
  });

  it('refuses browser origins it was not told to allow', async () => {
    const { app } = await startApp();
    const response = await app.request('http://mcp.test/mcp', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('cancels the run when the client cancels the call, and ends the session on DELETE', async () => {
    const { app, runs } = await startApp({ script: { script: { hang: true } } });
    const client = await connect(app);
    await researchThenCancel(client, world!);
    await expect.poll(() => runs[0]?.status, { timeout: 20_000 }).toBe('cancelled');
    expect(runs[0]?.stopReason).toBe('cancelled');

    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    expect(handler!.sessionCount).toBe(0);
  });
});
