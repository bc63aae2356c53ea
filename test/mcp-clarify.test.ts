/**
 * Issue 25's clarifying questions over MCP: the `research` tool's result carries the questions
 * (status needs_input), and a second call with `answers` researches with them.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { callTool } from './helpers/mcp-client.js';
import { binPath } from './helpers/run-cli.js';

const QUESTIONS = ['Do you mean the height with or without antennas?'];

function asking(request: FakeChatRequest): string {
  const { properties } = requestParts(request);
  if (properties && 'questions' in properties)
    return JSON.stringify({ think: 'Ambiguous.', questions: QUESTIONS });
  return cooperativeResearcher(request);
}

let world: DemoWorld;
let client: Client;

beforeAll(async () => {
  world = await startDemoWorld({ script: asking });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, 'mcp', ...world.args],
    env: { DEEPRESEARCH_FROM_SOURCE: '1', HOME: process.env.HOME ?? '/tmp' },
    stderr: 'pipe',
  });
  client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await world.close();
});

describe('clarifying questions over MCP', () => {
  it('returns the questions, then researches with the answers of a second call', async () => {
    const asked = await callTool(client, 'research', {
      question: 'How tall is the Eiffel Tower?',
      clarify: true,
    });
    expect(asked.isError).toBeFalsy();
    expect(asked.structuredContent).toMatchObject({ status: 'needs_input', questions: QUESTIONS });
    expect(asked.content[0]?.text).toContain('1. Do you mean the height with or without antennas?');
    expect(asked.content[0]?.text).toContain('"answers"');

    const answered = await callTool(client, 'research', {
      question: 'How tall is the Eiffel Tower?',
      clarify: true,
      answers: ['the height without antennas, in metres'],
      noDirectAnswer: true,
    });
    expect(answered.structuredContent?.status).toMatch(/completed|best_effort/);
    const prompts = world.llm.requests.map((request) => requestParts(request).prompt).join('\n');
    expect(prompts).toContain('- the height without antennas, in metres');
  }, 90_000);
});
