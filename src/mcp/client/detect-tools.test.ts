import { describe, expect, it } from 'vitest';
import { detectReadTool, detectSearchTool, type ToolInfo } from './detect-tools.js';

const tool = (name: string, properties: Record<string, string>, required: string[]): ToolInfo => ({
  name,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([key, type]) => [key, { type }])),
    required,
  },
});

const tools = [
  tool('create_issue', { title: 'string', body: 'string' }, ['title', 'body']),
  tool('get_me', {}, []),
  tool('search_issues', { q: 'string', per_page: 'number' }, ['q']),
  tool('search_code', { query: 'string' }, ['query']),
  tool('get_issue', { id: 'string' }, ['id']),
  tool('delete_issue', { id: 'string' }, ['id']),
];

describe('detectSearchTool', () => {
  it('takes the first tool whose one required argument is a string named like a query', () => {
    expect(detectSearchTool('gh', tools)).toEqual({
      tool: 'search_issues',
      parameter: 'q',
      countParameter: 'per_page',
    });
  });

  it('takes the named tool, and says which tools there are when it has none such', () => {
    expect(detectSearchTool('gh', tools, 'search_code')).toEqual({ tool: 'search_code', parameter: 'query' });
    expect(() => detectSearchTool('gh', tools, 'create_issue')).toThrow(
      'MCP server "gh" has no search tool "create_issue" that takes one string argument. Its tools: create_issue, get_me, search_issues, search_code, get_issue, delete_issue.',
    );
  });

  it('finds none where no tool looks like search', () => {
    expect(detectSearchTool('x', [tools[0]!, tools[4]!])).toBeUndefined();
  });
});

describe('detectReadTool', () => {
  it('takes a tool named like reading whose one required argument is a key, never one with side effects', () => {
    expect(detectReadTool('gh', tools, { searchTool: 'search_issues' })).toEqual({
      tool: 'get_issue',
      parameter: 'id',
    });
    expect(detectReadTool('gh', [tools[5]!], {})).toBeUndefined();
  });

  it('takes the named tool when it takes one string', () => {
    expect(detectReadTool('gh', tools, { named: 'delete_issue' })).toEqual({
      tool: 'delete_issue',
      parameter: 'id',
    });
    expect(() => detectReadTool('gh', tools, { named: 'get_me' })).toThrow(/no read tool "get_me"/);
  });
});
