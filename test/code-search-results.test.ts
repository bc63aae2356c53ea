/**
 * Code search results point at what matched: the lines holding the query (with their numbers) and
 * the symbol those lines belong to, in `deepresearch search`, its `--json`, and MCP `search_corpus`.
 * In the fixture, `startsWith` is on line 15, inside `matchPath`, in a chunk (lines 1-36) whose
 * first definition is the `Route` interface and whose main one is `Router`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { callTool } from './helpers/mcp-client.js';
import { binPath, runCli } from './helpers/run-cli.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let dataHome: string;

beforeAll(async () => {
  fixture = await copyCorpusFixture();
  dataHome = await mkdtemp(join(tmpdir(), 'code-search-data-'));
});
afterAll(async () => {
  await fixture.cleanup();
  await rm(dataHome, { recursive: true, force: true });
});

const search = (args: string[]) =>
  runCli(['search', ...args, '--corpus', fixture.root, '--index', fixture.indexPath]);

const MATCHING_LINE = "15: if (part.startsWith(':')) params[part.slice(1)] = value;";

describe('deepresearch search', () => {
  it('--json: each hit has the matching lines and is labelled by the symbol they belong to', async () => {
    const run = await search(['startsWith', '--json', '--limit', '1']);
    expect(run.code, run.stderr).toBe(0);
    const hit = JSON.parse(run.stdout.trim().split('\n')[0] ?? '{}');
    expect(hit).toMatchObject({ path: 'src/router.ts', symbol: 'matchPath', matchLines: [15] });
    expect(hit.snippet).toBe(MATCHING_LINE);
  });

  it('prints the matching lines with their numbers under a label naming their symbol', async () => {
    const run = await search(['startsWith', '--limit', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1\. src\/router\.ts:\d+-\d+ {2}matchPath {2}\(/m);
    expect(run.stdout).toContain(`     ${MATCHING_LINE}`);
    expect(run.stdout).not.toContain('export interface Route');
  });

  it('--queries without --json prints each query under a heading, not JSON', async () => {
    const queries = join(fixture.root, '..', 'queries.jsonl');
    await writeFile(queries, '{"id": "q1", "query": "startsWith"}\n{"id": 2, "query": "compute tax"}\n');
    const run = await search(['--queries', queries, '--limit', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('## q1: startsWith\n\n1. src/router.ts:');
    expect(run.stdout).toContain('## 2: compute tax\n\n1. py/inventory/tax.py:');
    expect(run.stdout).not.toMatch(/^\{/m);
  });
});

describe('MCP search_corpus', () => {
  it('gives each passage its matching lines and the symbol they belong to', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        binPath,
        'mcp',
        '--model',
        'openai-compatible:fake',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--corpus',
        fixture.root,
      ],
      env: { DEEPRESEARCH_FROM_SOURCE: '1', XDG_DATA_HOME: dataHome },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const found = await callTool(client, 'search_corpus', { query: 'startsWith', limit: 1 });
      expect(found.isError, found.content[0]?.text).toBeFalsy();
      const passages = (found.structuredContent?.passages ?? []) as Record<string, unknown>[];
      const passage = passages[0];
      expect(passage).toMatchObject({
        path: 'src/router.ts',
        symbol: 'matchPath',
        matchLines: [15],
        snippet: MATCHING_LINE,
      });
      expect(found.content[0]?.text).toMatch(/^src\/router\.ts:\d+-\d+ {2}matchPath\nmatching lines:\n15: /);
    } finally {
      await client.close();
    }
  });
});
