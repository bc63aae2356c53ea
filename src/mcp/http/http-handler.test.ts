import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpHttpHandler, type McpHttpHandler } from './http-handler.js';

let handler: McpHttpHandler | undefined;
afterEach(async () => {
  await handler?.close();
  handler = undefined;
});

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initialize = (sessionId?: string) =>
  new Request('http://mcp.test/mcp', {
    method: 'POST',
    headers: { ...headers, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
const listTools = (sessionId: string) =>
  new Request('http://mcp.test/mcp', {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
  });

/** A server whose `wait` tool runs until `release` is called: a session with a call running. */
function slowServer(release: Promise<void>): McpServer {
  const server = new McpServer({ name: 't', version: '1' });
  server.registerTool('wait', { description: 'waits' }, async () => {
    await release;
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}
const callWait = (sessionId: string) =>
  new Request('http://mcp.test/mcp', {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'wait', arguments: {} },
    }),
  });
const sessionOf = (response: Response) => response.headers.get('mcp-session-id') ?? '';

describe('createMcpHttpHandler sessions', () => {
  it('closes idle sessions, and the least recently active idle one to make room', async () => {
    let now = 0;
    handler = createMcpHttpHandler(() => new McpServer({ name: 't', version: '1' }), {
      maxSessions: 2,
      sessionIdleMs: 1000,
      now: () => now,
    });
    // Each answer is read before the clock moves: it is sent while it is read.
    const open = async () => {
      const response = await handler!.handle(initialize());
      expect(response.status).toBe(200);
      await response.text();
      return sessionOf(response);
    };
    const first = await open();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    now = 10;
    const second = await open();
    now = 20;
    expect((await handler.handle(listTools(first))).status).toBe(200);
    // Full: the second session, idle the longest, makes room.
    await open();
    expect(handler.sessionCount).toBe(2);
    expect((await handler.handle(listTools(second))).status).toBe(404);
    expect((await handler.handle(listTools(first))).status).toBe(200);

    now = 5000; // both idle longer than sessionIdleMs
    await open();
    expect(handler.sessionCount).toBe(1);
    expect((await handler.handle(listTools(first))).status).toBe(404);
  });

  it('never closes a session running a call: when all are, a new one is refused with 503', async () => {
    let now = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    handler = createMcpHttpHandler(() => slowServer(released), {
      maxSessions: 1,
      sessionIdleMs: 1000,
      now: () => now,
    });
    const busy = sessionOf(await handler.handle(initialize()));
    const call = await handler.handle(callWait(busy));
    expect(call.status).toBe(200);
    now = 60_000; // idle by the clock, but its call runs
    const refused = await handler.handle(initialize());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    release();
    expect(await call.text()).toContain('done');
    expect((await handler.handle(initialize())).status).toBe(200);
  });

  it("caps the sessions of one client, which gives up its own, never another client's", async () => {
    let now = 0;
    handler = createMcpHttpHandler(() => new McpServer({ name: 't', version: '1' }), {
      maxSessions: 100,
      maxSessionsPerClient: 3,
      now: () => now,
    });
    const other = sessionOf(await handler.handle(initialize(), { client: 'token:b' }));
    const mine: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      now += 1;
      const response = await handler.handle(initialize(), { client: 'token:a' });
      expect(response.status).toBe(200);
      await response.text();
      mine.push(sessionOf(response));
    }
    expect(handler.sessionCount).toBe(4);
    expect((await handler.handle(listTools(other), { client: 'token:b' })).status).toBe(200);
    expect((await handler.handle(listTools(mine[0]!), { client: 'token:a' })).status).toBe(404);
    expect((await handler.handle(listTools(mine[19]!), { client: 'token:a' })).status).toBe(200);
  });

  it('keeps no session for a request that is not an initialize', async () => {
    handler = createMcpHttpHandler(() => new McpServer({ name: 't', version: '1' }));
    const response = await handler.handle(
      new Request('http://mcp.test/mcp', {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
      }),
    );
    expect(response.status).toBe(400);
    expect(handler.sessionCount).toBe(0);
  });
});
