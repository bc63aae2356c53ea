import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpToolClient, withMcpTools } from '../src/mcp/index.js';
import { research } from '../src/research/index.js';
import { createFakeLlm } from '../src/testing/fake-llm.js';
import { type FakeMcpCall, fakeMcpServerCommand } from '../src/testing/fake-mcp-server.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { cooperativeObject } from '../src/testing/research-fixtures.js';

const WIKI_URL = 'https://wiki.example.internal/pages/falcon-launch';
const QUOTE = 'The Falcon launch date is 14 March 2026';

// The engine reads and cites http(s) URLs only (src/research/sources/hosts.ts: hostOf); until it
// accepts mcp:// too, a run cannot cite a result that has no URL of its own.
const engineReadsMcpUrls = await import('../src/research/sources/hosts.js').then(
  (hosts) =>
    hosts.isAllowedUrl('mcp://wiki/read_page?id=x', { boostHosts: [], excludeHosts: [], onlyHosts: [] }),
  () => true,
);

let client: McpToolClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function startWiki() {
  const dir = await mkdtemp(join(tmpdir(), 'dr-mcp-client-'));
  const logFile = join(dir, 'calls.jsonl');
  const fake = fakeMcpServerCommand({ logFile });
  client = await connectMcpServer({ name: 'wiki', command: fake.command, args: fake.args });
  const calls = async (): Promise<FakeMcpCall[]> =>
    (await readFile(logFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FakeMcpCall);
  return { client, calls };
}

/** A planner that searches, reads `url`, then answers quoting `quote` from it. */
function plannerReading(url: string, quote: string) {
  return cooperativeObject({
    action: (step) => {
      if (step === 0)
        return { think: 'Ask the wiki.', action: { type: 'search', queries: ['falcon launch date'] } };
      if (step === 1) return { think: 'Read the page.', action: { type: 'read', urls: [url] } };
      return {
        think: 'The wiki says it.',
        action: {
          type: 'answer',
          answer: `Falcon launches on 14 March 2026 [1].`,
          references: [{ url, quote }],
        },
      };
    },
  });
}

describe('MCP servers as search and read tools of a run (withMcpTools)', () => {
  it('finds a wiki page through the MCP search tool, reads it with the read tool and cites it verified', async () => {
    const wiki = await startWiki();
    expect(wiki.client.search).toEqual({ tool: 'search_wiki', parameter: 'query' });
    expect(wiki.client.read).toEqual({ tool: 'read_page', parameter: 'id' });
    const web = createFakeSearch([]);
    const runtime = withMcpTools(
      {
        llm: createFakeLlm({ object: plannerReading(WIKI_URL, QUOTE) }),
        searchProviders: [web],
        reader: createFakeReader({}),
      },
      [wiki.client],
    );
    const result = await research({ question: 'When does Project Falcon launch?' }, runtime);
    expect(result.status).toBe('completed');
    expect(result.references).toEqual([
      { url: WIKI_URL, title: 'Project Falcon: launch plan', quote: QUOTE, verified: true },
    ]);
    const calls = await wiki.calls();
    expect(calls).toContainEqual({ tool: 'search_wiki', args: { query: 'falcon launch date' } });
    // The page was read through the read tool, by the key the search gave, not fetched from the web.
    expect(calls).toContainEqual({ tool: 'read_page', args: { id: 'falcon-launch' } });
    expect(calls.some((call) => call.tool === 'create_ticket')).toBe(false);
    expect(web.calls.length).toBeGreaterThan(0); // the web search still ran beside it
  });

  it('flags a quote that is not in what the tool returned', async () => {
    const wiki = await startWiki();
    const invented = 'The Falcon launch date is 1 April 2025';
    const runtime = withMcpTools(
      {
        llm: createFakeLlm({ object: plannerReading(WIKI_URL, invented) }),
        searchProviders: [],
        reader: createFakeReader({}),
      },
      [wiki.client],
    );
    const result = await research({ question: 'When does Project Falcon launch?' }, runtime);
    expect(result.references[0]).toMatchObject({ url: WIKI_URL, quote: invented, verified: false });
  });

  it.skipIf(!engineReadsMcpUrls)(
    'cites a result without its own URL by its mcp:// URL (skipped: the engine refuses non-http(s) URLs)',
    async () => {
      const wiki = await startWiki();
      const url = 'mcp://wiki/read_page?id=falcon-team';
      const quote = 'The Falcon team has five engineers and is led by Dana Ortiz.';
      const runtime = withMcpTools(
        {
          llm: createFakeLlm({ object: plannerReading(url, quote) }),
          searchProviders: [],
          reader: createFakeReader({}),
        },
        [wiki.client],
      );
      const result = await research({ question: 'Who leads Project Falcon?' }, runtime);
      expect(result.references).toEqual([{ url, title: 'Project Falcon: team', quote, verified: true }]);
    },
  );

  it('serves mcp:// URLs of results without their own URL, with the text the read tool returned', async () => {
    const wiki = await startWiki();
    const runtime = withMcpTools({ searchProviders: [], reader: createFakeReader({}) }, [wiki.client]);
    const [provider] = runtime.searchProviders ?? [];
    const results = await provider!.search({ query: 'falcon team engineers' });
    const team = results.find((result) => result.title === 'Project Falcon: team');
    expect(team?.url).toBe('mcp://wiki/read_page?id=falcon-team');
    const source = await runtime.reader!.read(team!.url);
    expect(source.text).toBe(
      'The Falcon team has five engineers and is led by Dana Ortiz.\n\nQuestions go to the #falcon channel.',
    );
    // Other URLs still go to the usual reader, and only the search and read tools can be called.
    await expect(runtime.reader!.read('https://example.com/x')).rejects.toMatchObject({ code: 'http_error' });
    await expect(runtime.reader!.read('mcp://wiki/create_ticket?title=a&body=b')).rejects.toMatchObject({
      code: 'unknown_url',
    });
    await expect(runtime.reader!.read('mcp://other/read_page?id=x')).rejects.toMatchObject({
      code: 'unknown_url',
    });
    expect((await wiki.calls()).some((call) => call.tool === 'create_ticket')).toBe(false);
  });
});
