/**
 * `deepresearch mcp --corpus <folder>`: an MCP host gets the corpus tools over the folder, and
 * research calls research it, with path:lines references checked against the indexed files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeResearcher } from '../src/testing/code-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { callTool } from './helpers/mcp-client.js';
import { binPath } from './helpers/run-cli.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let dataHome: string;
let llm: FakeLlmServer;
let client: Client | undefined;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
  dataHome = await mkdtemp(join(tmpdir(), 'mcp-corpus-data-'));
  llm = await startFakeLlmServer({ script: codeResearcher() });
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await llm.close();
  await fixture.cleanup();
  await rm(dataHome, { recursive: true, force: true });
});

async function connect(): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      binPath,
      'mcp',
      '--model',
      'openai-compatible:fake',
      '--base-url',
      llm.url,
      '--corpus',
      fixture.root,
    ],
    env: { DEEPRESEARCH_FROM_SOURCE: '1', XDG_DATA_HOME: dataHome },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('deepresearch mcp --corpus', () => {
  it('offers search_corpus and read_file over the folder, and research cites its files', async () => {
    const session = await connect();
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'read',
      'read_file',
      'research',
      'search',
      'search_corpus',
    ]);
    expect(tools.find((tool) => tool.name === 'research')?.description).toMatch(/registered corpora \(repo/);
    expect(session.stderr()).toMatch(/Corpus repo: 12 files/);

    const found = await callTool(session.client, 'search_corpus', { query: 'Router match request paths' });
    expect(found.isError, found.content[0]?.text).toBeFalsy();
    const passages = found.structuredContent?.passages as { path: string; startLine: number }[];
    expect(passages.map((passage) => passage.path)).toContain('src/router.ts');

    const lines = await callTool(session.client, 'read_file', {
      path: 'src/router.ts',
      startLine: 1,
      endLine: 5,
    });
    expect(lines.isError, lines.content[0]?.text).toBeFalsy();
    expect(lines.structuredContent).toMatchObject({ corpus: 'repo', path: 'src/router.ts', startLine: 1 });
    const outside = await callTool(session.client, 'read_file', { path: '../../etc/passwd' });
    expect(outside.isError).toBe(true);
    expect(outside.content[0]?.text).toMatch(/outside|corpus/i);

    const answer = await callTool(session.client, 'research', {
      question: 'How does the Router match request paths?',
      noDirectAnswer: true,
    });
    expect(answer.isError, answer.content[0]?.text).toBeFalsy();
    const references = answer.structuredContent?.references as { path?: string; verified: boolean }[];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references)
      expect(reference).toMatchObject({ verified: true, path: expect.stringMatching(/\.ts$/) });
    const unknown = await callTool(session.client, 'research', {
      question: 'What is here?',
      corpora: ['secret'],
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]?.text).toMatch(/"secret".*repo/);
  }, 120_000);
});
