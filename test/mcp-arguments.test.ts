/**
 * `deepresearch mcp` through the official SDK client: a bad argument comes back worded as docs/mcp.md
 * says (`Invalid value for "tokenBudget" in the research arguments: must be …, got 0.`), not
 * as the SDK's `MCP error -32602: Input validation error: …`; progress messages are words, not JSON.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { callTool } from './helpers/mcp-client.js';
import { binPath } from './helpers/run-cli.js';

let world: DemoWorld;
let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let client: Client;

beforeAll(async () => {
  world = await startDemoWorld();
  fixture = await copyCorpusFixture();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, 'mcp', ...world.args, '--corpus', fixture.root],
    env: { DEEPRESEARCH_FROM_SOURCE: '1', XDG_DATA_HOME: join(fixture.indexPath, '..', 'data') },
    stderr: 'pipe',
  });
  client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await world.close();
  await fixture.cleanup();
});

describe('MCP tool arguments', () => {
  it.each([
    [
      'research',
      { question: 'q', tokenBudget: 0 },
      'Invalid value for "tokenBudget" in the research arguments: must be a positive whole number, got 0.',
    ],
    [
      'research',
      { question: '  ' },
      'Invalid value for "question" in the research arguments: must be a non-empty question, got "  ".',
    ],
    [
      'search',
      { query: 'tower', count: 500 },
      'Invalid value for "count" in the search arguments: must be at most 50, got 500.',
    ],
    [
      'read',
      { url: 'https://example.com', maxCharacters: -1 },
      'Invalid value for "maxCharacters" in the read arguments: must be more than 0, got -1.',
    ],
    [
      'search_corpus',
      { query: 'router', mode: 'fuzzy' },
      'Invalid value for "mode" in the search_corpus arguments: must be one of "lexical", "semantic", "hybrid", got "fuzzy".',
    ],
    [
      'read_file',
      { path: 'src/router.ts', startLine: 0 },
      'Invalid value for "startLine" in the read_file arguments: must be more than 0, got 0.',
    ],
  ])('%s %j is refused naming the argument, its rule and the value sent', async (tool, args, message) => {
    const result = await callTool(client, tool, args);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toBe(message);
  });

  it('reports research progress in words, never the raw JSON of a tool call', async () => {
    const progress: string[] = [];
    const result = await callTool(
      client,
      'research',
      { question: 'When was the Eiffel Tower completed?', noDirectAnswer: true, web: true },
      { onprogress: (update) => progress.push(update.message ?? '') },
    );
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(progress.some((line) => line.includes('searching "'))).toBe(true);
    expect(progress.filter((line) => /[{[]"/.test(line))).toEqual([]);
    expect(progress.filter((line) => /\b1 open sub-questions\b/.test(line))).toEqual([]);
  }, 60_000);
});
