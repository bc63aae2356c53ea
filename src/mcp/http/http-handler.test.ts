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

describe('createMcpHttpHandler sessions', () => {
  it('opens a session per initialize, caps them, and closes the idle ones', async () => {
    let now = 0;
    handler = createMcpHttpHandler(() => new McpServer({ name: 't', version: '1' }), {
      maxSessions: 1,
      sessionIdleMs: 1000,
      now: () => now,
    });
    const first = await handler.handle(initialize());
    expect(first.status).toBe(200);
    const sessionId = first.headers.get('mcp-session-id')!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await handler.handle(listTools(sessionId))).status).toBe(200);

    const refused = await handler.handle(initialize());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');

    now = 5000; // the first session has been idle longer than sessionIdleMs
    const second = await handler.handle(initialize());
    expect(second.status).toBe(200);
    expect(handler.sessionCount).toBe(1);
    expect((await handler.handle(listTools(sessionId))).status).toBe(404);
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
