import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { connectMcpServer, type McpToolClient, withMcpTools } from '../src/mcp/index.js';
import { research } from '../src/research/index.js';
import { createFakeLlm } from '../src/testing/fake-llm.js';
import { type FakeMcpCall, fakeMcpServerCommand } from '../src/testing/fake-mcp-server.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  cooperativeText,
  READY,
} from '../src/testing/research-fixtures.js';

/** One sub-question, the one the wiki page answers (the finish guard wants each covered). */
const LAUNCH_PLAN = {
  think: 'Need the launch date.',
  trivial: false,
  subQuestions: [{ text: 'When does Project Falcon launch?', intent: 'fact-check' }],
};

const WIKI_URL = 'https://wiki.example.internal/pages/falcon-launch';
const QUOTE = 'The Falcon launch date is 14 March 2026';

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

/** A planner that searches, reads `url`, then says the findings are enough. */
function plannerReading(url: string) {
  return (step: number) => {
    if (step === 0)
      return { think: 'Ask the wiki.', action: { type: 'search', queries: ['falcon launch date'] } };
    if (step === 1) return { think: 'Read the page.', action: { type: 'read', urls: [url] } };
    return { think: 'The wiki says it.', action: READY };
  };
}

/** A cooperative model whose planner reads `url`; `findings` replaces the extractor's answers. */
function modelReading(url: string, findings?: CooperativeOverrides['findings']) {
  return createFakeLlm({
    object: cooperativeObject({
      plan: () => LAUNCH_PLAN,
      action: plannerReading(url),
      ...(findings ? { findings } : {}),
    }),
    text: cooperativeText,
  });
}

describe('MCP servers as search and read tools of a run (withMcpTools)', () => {
  it('finds a wiki page through the MCP search tool, reads it with the read tool and cites it verified', async () => {
    const wiki = await startWiki();
    expect(wiki.client.search).toEqual({ tool: 'search_wiki', parameter: 'query' });
    expect(wiki.client.read).toEqual({ tool: 'read_page', parameter: 'id' });
    const web = createFakeSearch([]);
    const runtime = withMcpTools(
      { llm: modelReading(WIKI_URL), searchProviders: [web], reader: createFakeReader({}) },
      [wiki.client],
    );
    const result = await research({ question: 'When does Project Falcon launch?', breadth: 1 }, runtime);
    expect(result.status).toBe('completed');
    // The tool's text became findings like a web page's, and the answer cites their quotes, checked.
    expect(result.references.length).toBeGreaterThan(0);
    for (const reference of result.references) {
      expect(reference).toMatchObject({
        url: WIKI_URL,
        title: 'Project Falcon: launch plan',
        verified: true,
      });
    }
    expect(result.references.map((reference) => reference.quote)).toContainEqual(
      expect.stringContaining(QUOTE),
    );
    expect(result.answer).toMatch(/14 March 2026[^.]*\[\d+\]/);
    const calls = await wiki.calls();
    expect(calls).toContainEqual({ tool: 'search_wiki', args: { query: 'falcon launch date' } });
    // The page was read through the read tool, by the key the search gave, not fetched from the web.
    expect(calls).toContainEqual({ tool: 'read_page', args: { id: 'falcon-launch' } });
    expect(calls.some((call) => call.tool === 'create_ticket')).toBe(false);
    expect(web.calls.length).toBeGreaterThan(0); // the web search still ran beside it
  });

  it('keeps no finding whose quote is not in what the tool returned, and cites none of it', async () => {
    const wiki = await startWiki();
    const invented = 'The Falcon launch date is 1 April 2025';
    // A misbehaving extractor: an invented quote, a one-word quote, and one finding that is right.
    const findings = () => ({
      findings: [
        { source: 1, subQuestion: 'q1', claim: 'Falcon launches on 1 April 2025.', quotes: [invented] },
        { source: 1, subQuestion: 'q1', claim: 'Falcon launches in 2024.', quotes: ['launch'] },
        { source: 1, subQuestion: 'q1', claim: 'Falcon launches on 14 March 2026.', quotes: [QUOTE] },
      ],
    });
    const events: ResearchEvent[] = [];
    const runtime = withMcpTools(
      {
        llm: modelReading(WIKI_URL, findings),
        searchProviders: [],
        reader: createFakeReader({}),
        onEvent: (event) => events.push(event),
      },
      [wiki.client],
    );
    const result = await research({ question: 'When does Project Falcon launch?', breadth: 1 }, runtime);
    expect(result.answer).not.toMatch(/1 April 2025/);
    // The one-word quote is in the tool's text, but cannot support its claim: the finding is
    // dropped at extraction with a warning naming it, and nothing cites it.
    const warnings = events.flatMap((event) => (event.type === 'warning' ? [event.message] : []));
    expect(warnings.join('\n')).toMatch(/Falcon launches in 2024/);
    expect(result.answer).not.toMatch(/2024[^.]*\[\d+\]/);
    expect(result.references.map((reference) => reference.quote)).not.toContainEqual(
      expect.stringMatching(/1 April 2025/),
    );
    expect(result.references).toContainEqual(
      expect.objectContaining({ url: WIKI_URL, quote: expect.stringContaining(QUOTE), verified: true }),
    );
    const dropped = events.filter((event) => event.type === 'warning' && event.code === 'quote_not_found');
    expect(JSON.stringify(dropped)).toMatch(/1 April 2025/);
  });

  it('cites a result without its own URL by its mcp:// URL', async () => {
    const wiki = await startWiki();
    const url = 'mcp://wiki/read_page?id=falcon-team';
    const runtime = withMcpTools(
      { llm: modelReading(url), searchProviders: [], reader: createFakeReader({}) },
      [wiki.client],
    );
    const result = await research({ question: 'Who leads Project Falcon?', breadth: 1 }, runtime);
    expect(result.references).toContainEqual(
      expect.objectContaining({
        url,
        title: 'Project Falcon: team',
        quote: 'The Falcon team has five engineers and is led by Dana Ortiz.',
        verified: true,
      }),
    );
    expect((await wiki.calls()).filter((call) => call.tool === 'read_page')).toEqual([
      { tool: 'read_page', args: { id: 'falcon-team' } },
    ]);
  });

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
