import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/schemas.js';
import type { ResearchResult } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import { CorpusRegistry } from '../src/runs/index.js';
import { codeResearcher } from '../src/testing/code-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { callTool } from './helpers/mcp-client.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let dataHome: string;
let llm: FakeLlmServer;
let registry: CorpusRegistry;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
  dataHome = await mkdtemp(join(tmpdir(), 'corpus-data-'));
  llm = await startFakeLlmServer({ script: codeResearcher() });
  registry = await CorpusRegistry.open({ folders: [fixture.root], env: { XDG_DATA_HOME: dataHome } });
});
afterEach(async () => {
  registry.close();
  await llm.close();
  await fixture.cleanup();
  await rm(dataHome, { recursive: true, force: true });
});

function app() {
  return makeTestApp({
    runner: research,
    corpora: registry,
    config: parseResearchConfig({ model: 'openai-compatible:fake', baseURL: llm.url, apiKey: 'sk-test' }),
    capabilities: { env: {} },
  });
}

const post = (server: ReturnType<typeof app>, path: string, body?: unknown) =>
  server.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function finished(server: ReturnType<typeof app>, id: string): Promise<ResearchResult> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const detail = await (await server.app.request(`/api/runs/${id}`)).json();
    if (detail.result) return detail.result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The run did not finish.');
}

describe('serve --corpus: registered corpora picked by id', () => {
  it('lists corpora by id with figures, never their paths', async () => {
    const response = await app().app.request('/api/corpora');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      corpora: [
        { id: 'repo', name: 'repo', files: 12, chunks: expect.any(Number), indexedAt: expect.any(String) },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(fixture.root);
  });

  it('refuses a client that names a folder', async () => {
    const response = await post(app(), '/api/runs', {
      question: 'What is here?',
      options: { corpus: ['/etc'] },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(JSON.stringify(body)).toContain('options.corpus');
    expect(JSON.stringify(body)).toContain('options.corpora');
  });

  it('refuses a corpus id the server does not have', async () => {
    const response = await post(app(), '/api/runs', {
      question: 'What is here?',
      options: { corpora: ['secret'] },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.message).toMatch(/"secret".*registered: repo/);
    expect(body.error.field).toBe('options.corpora');
  });

  it('re-indexes a corpus by id and answers 404 for an unknown one', async () => {
    await writeFile(join(fixture.root, 'notes.md'), '# Notes\n\nA new file about caching.\n');
    const response = await post(app(), '/api/corpora/repo/reindex');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'repo', files: 13 });
    expect((await post(app(), '/api/corpora/nope/reindex')).status).toBe(404);
  });

  it('runs a question over the corpus a client picked, with verified path:lines references', async () => {
    const server = app();
    const created = await post(server, '/api/runs', {
      question: 'How does the Router match request paths?',
      options: { corpora: ['repo'], noDirectAnswer: true },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const result = await finished(server, id);
    expect(result.status).toBe('completed');
    expect(result.references.length).toBeGreaterThan(0);
    for (const reference of result.references) {
      expect(reference).toMatchObject({
        verified: true,
        corpus: 'repo',
        path: expect.stringMatching(/\.ts$/),
      });
    }
    const detail = await (await server.app.request(`/api/runs/${id}`)).json();
    expect(JSON.stringify(detail.options)).not.toContain(fixture.root);
    const report = await (await server.app.request(`/api/runs/${id}/report?format=markdown`)).text();
    expect(report).toMatch(/^1\. `src\/router\.ts:\d+-\d+`/m);
    const html = await (await server.app.request(`/api/runs/${id}/report?format=html`)).text();
    expect(html).toMatch(/<code>src\/router\.ts:\d+-\d+<\/code>/);
  });

  it('answers an OpenAI client over a corpus it picks with the extra field "corpora"', async () => {
    const server = app();
    const response = await post(server, '/v1/chat/completions', {
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'How does the Router match request paths?' }],
      corpora: ['repo'],
      no_direct_answer: true,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    const message = body.choices[0].message;
    expect(message.content).toMatch(/\[1\]/);
    expect(message.annotations[0].url_citation).toMatchObject({
      url: expect.stringMatching(/^corpus:\/\/repo\/src\/router\.ts\?lines=\d+-\d+$/),
      title: expect.stringMatching(/^src\/router\.ts:\d+-\d+$/),
    });
    const refused = await post(server, '/v1/chat/completions', {
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'What is here?' }],
      corpora: ['secret'],
    });
    expect(refused.status).toBe(400);
    const error = (await refused.json()).error;
    expect(error.param ?? error.field).toBe('corpora');
    expect(error.message).toMatch(/"secret".*registered: repo/);
  });

  it('offers the corpus tools at /mcp, and research over the corpora an MCP caller names', async () => {
    const server = app();
    const http = await listen(server);
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_corpus', 'read_file']));
      const found = await callTool(client, 'search_corpus', { query: 'Router match' });
      const passages = found.structuredContent?.passages as { path: string }[];
      expect(passages.map((passage) => passage.path)).toContain('src/router.ts');
      const answer = await callTool(client, 'research', {
        question: 'How does the Router match request paths?',
        corpora: ['repo'],
        noDirectAnswer: true,
      });
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const references = answer.structuredContent?.references as { corpus?: string; verified: boolean }[];
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference).toMatchObject({ corpus: 'repo', verified: true });
    } finally {
      await client.close();
      await server.closeMcpSessions();
      await server.runs.shutdown({ graceMs: 0 });
      await http.close();
    }
  }, 60_000);
});
