/**
 * `/mcp` of the real server under hostile callers: one token opening 100 sessions, a 900,000
 * character question, a literal `ollama:*` model, an unknown corpus, and `read` refusals worded for
 * a remote client (no CLI flags).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusRegistry } from '../src/server/index.js';
import { corpusFixture } from './helpers/corpus-fixture.js';
import { demoServers } from './helpers/demo-server.js';
import { callTool } from './helpers/mcp-client.js';

const ATTACKER = 'mcp-attacker-token-1';
const USER = 'mcp-user-token-2';
const ADMIN = 'mcp-admin-token-3';

const servers = demoServers();
const { connect } = servers;

/** The real server app (run service, auth, memory store) on a port, running the real engine. */
async function startServer(options: { corpora?: CorpusRegistry; allowedModels?: string[] } = {}) {
  return servers.startServer({
    app: {
      authTokens: [ATTACKER, USER],
      adminTokens: [ADMIN],
      requestsPerMinute: 10_000,
      ...(options.corpora ? { corpora: options.corpora } : {}),
      ...(options.allowedModels ? { allowedModels: options.allowedModels } : {}),
    },
  });
}

/** A raw `initialize` with a token; its status and session id. */
async function initialize(url: string, token: string): Promise<{ status: number; session: string }> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
  });
  await response.text();
  return { status: response.status, session: response.headers.get('mcp-session-id') ?? '' };
}

describe('/mcp under hostile callers', () => {
  it("one token opening 100 sessions keeps at most 10 and never takes the others' sessions", async () => {
    const { url } = await startServer();
    const opened: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const { status, session } = await initialize(url, ATTACKER);
      expect(status).toBe(200);
      opened.push(session);
    }
    for (const token of [USER, ADMIN]) expect((await initialize(url, token)).status).toBe(200);
    const user = await connect(url, USER);
    expect((await user.listTools()).tools.length).toBeGreaterThan(0);
    // The attacker's oldest sessions made room for its newest.
    const stale = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${ATTACKER}`,
        'mcp-session-id': opened[0]!,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(stale.status).toBe(404);
  }, 60_000);

  it('refuses a 900,000-character research question with the 20,000 limit, storing nothing', async () => {
    const { url, server } = await startServer();
    const client = await connect(url, USER);
    const answer = await callTool(client, 'research', { question: `${'why '.repeat(225_000)}?` });
    expect(answer.isError).toBe(true);
    expect(answer.content[0]?.text).toMatch(/question is longer than 20,000 characters/);
    expect((await server.store.listRuns({ limit: 10 })).runs).toEqual([]);
  });

  it('refuses ollama:* as a model even when ollama:* is allowed', async () => {
    const { url, server } = await startServer({ allowedModels: ['ollama:*'] });
    const client = await connect(url, USER);
    const answer = await callTool(client, 'research', { question: 'What is here?', model: 'ollama:*' });
    expect(answer.isError).toBe(true);
    expect(answer.content[0]?.text).toMatch(/model/);
    expect((await server.store.listRuns({ limit: 10 })).runs).toEqual([]);
  });

  it('says so when research names a corpus the server does not have', async () => {
    const dataHome = await mkdtemp(join(tmpdir(), 'mcp-hardening-data-'));
    const registry = await CorpusRegistry.open({
      folders: [corpusFixture],
      env: { XDG_DATA_HOME: dataHome },
    });
    servers.closeAfter(async () => {
      registry.close();
      await rm(dataHome, { recursive: true, force: true });
    });
    const { url, server } = await startServer({ corpora: registry });
    const client = await connect(url, USER);
    const answer = await callTool(client, 'research', {
      question: 'How are paths matched?',
      corpora: ['nope'],
    });
    expect(answer.isError).toBe(true);
    expect(answer.content[0]?.text).toMatch(/"nope".*corpus-repo|corpus-repo.*"nope"/);
    expect((await server.store.listRuns({ limit: 10 })).runs).toEqual([]);
  });

  it('words read refusals for a remote client: no CLI flag', async () => {
    const { url } = await startServer();
    const client = await connect(url, USER);
    for (const target of ['/etc/passwd', 'http://127.0.0.1:9/secret']) {
      const answer = await callTool(client, 'read', { url: target });
      expect(answer.isError, target).toBe(true);
      expect(answer.content[0]?.text).not.toMatch(/--[a-z]/);
      expect(answer.content[0]?.text).toMatch(/operator/);
    }
  });
});
