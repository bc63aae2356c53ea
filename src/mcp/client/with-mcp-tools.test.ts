import { describe, expect, it } from 'vitest';
import { createFakeReader } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import type { McpToolClient } from './connect.js';
import type { ToolOutput } from './tool-output.js';
import { withMcpTools } from './with-mcp-tools.js';

/** A connected server that answers each call with the next scripted output. */
function scriptedClient(outputs: ToolOutput[]): McpToolClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: 'tickets',
    tools: [],
    search: { tool: 'search_tickets', parameter: 'query' },
    read: { tool: 'get_ticket', parameter: 'id' },
    calls,
    async callTool(name) {
      calls.push(name);
      const next = outputs.shift();
      if (!next) throw new Error('no more scripted outputs');
      return next;
    },
    close: async () => undefined,
  };
}
const text = (value: string, isError = false): ToolOutput => ({ text: value, links: [], isError });

describe('withMcpTools with misbehaving tools', () => {
  it('throws a tool_failed error naming the server when the search tool answers an error', async () => {
    const runtime = withMcpTools({ searchProviders: [] }, [scriptedClient([text('quota exceeded', true)])]);
    await expect(runtime.searchProviders![0]!.search({ query: 'x' })).rejects.toMatchObject({
      code: 'tool_failed',
      message: 'Tool search_tickets of MCP server "tickets" answered with an error: quota exceeded',
    });
  });

  it('refuses a read whose tool returns nothing, instead of a source with no text', async () => {
    const client = scriptedClient([text(JSON.stringify([{ id: 'T-1', title: 'Outage' }])), text('')]);
    const runtime = withMcpTools({ searchProviders: [] }, [client]);
    const [hit] = await runtime.searchProviders![0]!.search({ query: 'outage' });
    expect(hit?.url).toBe('mcp://tickets/get_ticket?id=T-1');
    await expect(runtime.reader!.read(hit!.url)).rejects.toMatchObject({ code: 'tool_failed' });
  });

  it('keeps the injected web search and reader beside MCP, and needs one or the options to build them', async () => {
    const web = createFakeSearch([{ title: 'W', url: 'https://example.com/w', snippet: '' }]);
    const reader = createFakeReader({ 'https://example.com/w': { title: 'W', text: 'web text' } });
    const runtime = withMcpTools({ searchProviders: [web], reader }, [scriptedClient([])]);
    expect(runtime.searchProviders?.map((provider) => provider.id)).toEqual(['fake', 'mcp:tickets']);
    expect((await runtime.reader!.read('https://example.com/w')).text).toBe('web text');
    expect(() => withMcpTools({}, [scriptedClient([])])).toThrow(
      /needs runtime.searchProviders or options.config/,
    );
    const built = withMcpTools({}, [scriptedClient([])], {
      config: { search: ['wikipedia'], allowHosts: [] },
    });
    expect(built.searchProviders?.map((provider) => provider.id)).toEqual(['wikipedia', 'mcp:tickets']);
  });
});
