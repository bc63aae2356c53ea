import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResearchResult } from '../src/contract/index.js';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { demoServers } from './helpers/demo-server.js';
import { callTool } from './helpers/mcp-client.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

const question = 'How tall is the Eiffel Tower?';

/** Two pages that disagree on the tower's height (330 metres, 300 m) and agree on its weight. */
const pages = {
  '/tower-facts': `<!doctype html><html lang="en"><head><title>Tower facts</title></head><body><article>
<p>The Eiffel Tower is 330 metres tall, counting its antennas.</p>
<p>The whole structure of the Eiffel Tower weighs about 10,100 tonnes.</p></article></body></html>`,
  '/tower-guide': `<!doctype html><html lang="en"><head><title>Tower guide</title></head><body><article>
<p>The Eiffel Tower is 300 m tall, as first built.</p>
<p>The whole structure of the Eiffel Tower weighs about 10100 tonnes.</p></article></body></html>`,
};

let world: DemoWorld | undefined;
let server: ChildProcess | undefined;

afterEach(async () => {
  await stopServe(server);
  server = undefined;
  await world?.close();
  world = undefined;
});

/** The conflict a run over `pages` reports, its values' sources on the page server at `origin`. */
const heightConflict = (origin: string) => ({
  subQuestion: 'q1',
  about: 'The Eiffel Tower is … tall',
  values: [
    { value: '330 metres', findingIds: [expect.stringMatching(/^F\d+$/)], urls: [`${origin}/tower-facts`] },
    { value: '300 m', findingIds: [expect.stringMatching(/^F\d+$/)], urls: [`${origin}/tower-guide`] },
  ],
});

describe('sources that differ, end to end', () => {
  it('are listed by the CLI in --json', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const json = await runCli([question, ...world.args, '--json', '--no-direct-answer']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result.conflicts).toEqual([heightConflict(world.pages.origin)]);
    // The cooperative writer states both heights, each citing its source.
    expect(result.answer).toMatch(/330 (metres|m) tall[^.]*\[\d\]/);
    expect(result.answer).toMatch(/300 m tall[^.]*\[\d\]/);
  });

  it('are listed by the CLI under the printed answer', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const printed = await runCli([question, ...world.args, '--no-direct-answer']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(
      /Sources differ:[\s\S]*The Eiffel Tower is … tall: 330 metres \[\d\], 300 m \[\d\]/,
    );
  });

  it('are in the server’s run detail and its markdown export', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const directory = await mkdtemp(join(tmpdir(), 'deepresearch-conflicts-'));
    const started = await startServe(
      ['--db', join(directory, 'runs.db'), ...world.args, '--no-direct-answer'],
      {
        timeoutMs: 30_000,
      },
    );
    server = started.child;
    const created = await fetch(`${started.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let detail: { status: string; result: { conflicts?: unknown } | null } = {
      status: 'queued',
      result: null,
    };
    while (!['completed', 'best_effort', 'failed', 'cancelled'].includes(detail.status)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = await (await fetch(`${started.url}/api/runs/${id}`)).json();
    }
    expect(detail.status).toBe('completed');
    expect(detail.result?.conflicts).toEqual([heightConflict(world.pages.origin)]);
    const report = await (await fetch(`${started.url}/api/runs/${id}/report`)).text();
    expect(report).toMatch(
      /_Sources differ:_\n\n- The Eiffel Tower is … tall: 330 metres \[\d\], 300 m \[\d\]/,
    );
  });
});

/**
 * A writer that takes one side: it leaves out every sentence giving the guide's 300 m, as a model
 * does that picks the value it likes, and proposes no revision.
 */
function oneSidedWriter(request: FakeChatRequest): string {
  const reply = cooperativeResearcher(request);
  const { system, properties } = requestParts(request);
  if (properties !== undefined || system.includes('needs no research')) return reply;
  return reply
    .split(/(?<=[.!?](?:\s*\[[^\]]*\])?)\s+/)
    .filter((sentence) => !/\b300 m\b/.test(sentence))
    .join(' ');
}

/** The answer text states both heights, each with its source: a citation `[n]` or the page's address. */
function expectBothStated(answer: string, origin: string, references: ResearchResult['references']): void {
  const section = answer.slice(answer.indexOf('## Sources differ'));
  expect(section, answer).toMatch(/^## Sources differ\n/);
  const cited = /330 metres \[(\d+)\]/.exec(section);
  expect(cited, section).not.toBeNull();
  expect(references[Number(cited?.[1]) - 1]?.url).toBe(`${origin}/tower-facts`);
  expect(section).toContain(`300 m (${origin}/tower-guide)`);
}

const servers = demoServers();

describe('sources that differ, with a writer that takes one side', () => {
  it('are stated in the CLI’s answer text itself', { timeout: 90_000 }, async () => {
    const world = await servers.startWorld({ pages, script: oneSidedWriter });
    const json = await runCli([question, ...world.args, '--json', '--no-direct-answer']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as ResearchResult;
    expect(result.answer).not.toMatch(/300 m tall[^.]*\[\d\]/);
    expectBothStated(result.answer, world.pages.origin, result.references);
  });

  it('are stated in /v1 content, the API’s answer and the MCP text', { timeout: 90_000 }, async () => {
    const { server, url, world } = await servers.startServer({ world: { pages, script: oneSidedWriter } });
    const origin = world.pages.origin;
    const response = await server.app.request('/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'deepresearch', messages: [{ role: 'user', content: question }] }),
    });
    expect(response.status).toBe(200);
    const completion = await response.json();
    const id = (await server.store.listRuns({ limit: 1 })).runs[0]?.id ?? '';
    const detail = await (await server.app.request(`/api/runs/${id}`)).json();
    const result = detail.result as ResearchResult;
    expect(completion.choices[0].message.content).toBe(result.answer);
    expectBothStated(result.answer, origin, result.references);
    const client = await servers.connect(url);
    const tool = await callTool(client, 'research', { question }, { timeout: 60_000 });
    const text = tool.content.map((part) => part.text ?? '').join('\n');
    expectBothStated(text, origin, (tool.structuredContent as unknown as ResearchResult).references);
  });
});
