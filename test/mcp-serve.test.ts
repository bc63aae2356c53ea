import { describe, expect, it } from 'vitest';
import type { startDemoWorld } from '../src/testing/demo-world.js';
import { demoServers } from './helpers/demo-server.js';
import { callTool, researchThenCancel } from './helpers/mcp-client.js';

const TOKEN = 'mcp-serve-token-1';
const OTHER = 'mcp-serve-token-2';

const servers = demoServers();
const { connect } = servers;

/** The real server app (run service, auth, memory store) on a port, running the real engine. */
async function startServer(
  options: { tokens?: string[]; script?: Parameters<typeof startDemoWorld>[0] } = {},
) {
  return servers.startServer({
    ...(options.script ? { world: options.script } : {}),
    ...(options.tokens ? { app: { authTokens: options.tokens } } : {}),
  });
}

async function listRuns(url: string, token?: string) {
  const response = await fetch(`${url}/api/runs`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return ((await response.json()) as { runs: { id: string; status: string; question: string }[] }).runs;
}

describe('deepresearch serve: MCP over Streamable HTTP at /mcp', () => {
  it('lists and calls the tools without auth; a research call is a stored run with progress', async () => {
    const { url, world } = await startServer();
    const client = await connect(url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['read', 'research', 'search']);

    const found = await callTool(client, 'search', { query: 'eiffel tower' });
    expect(found.isError).toBeFalsy();
    expect(found.content[0]?.text).toContain(world.pages.origin);
    const page = await callTool(client, 'read', { url: `${world.pages.origin}/eiffel-tower` });
    expect(page.content[0]?.text).toMatch(/1889/);
    // The tools serve the server's clients: a host they may not reach is the operator's to allow.
    const refused = await callTool(client, 'read', { url: 'http://10.0.0.1/admin' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain("Only the server's operator can allow it.");
    expect(refused.content[0]?.text).not.toContain('--allow-host');

    const progress: string[] = [];
    const answer = await callTool(
      client,
      'research',
      { question: 'When was the Eiffel Tower completed?', maxSteps: 6 },
      { onprogress: (update) => progress.push(update.message ?? '') },
    );
    expect(answer.structuredContent).toMatchObject({ status: 'completed' });
    const references = answer.structuredContent?.references as { verified: boolean }[];
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((reference) => !reference.verified)).toEqual([]);
    expect(progress.some((line) => line.startsWith('step 1/6 · '))).toBe(true);
    // The call was a run of the server: stored and listed like any other.
    const runs = await listRuns(url);
    expect(runs).toEqual([
      expect.objectContaining({
        id: answer.structuredContent?.runId,
        status: 'completed',
        question: 'When was the Eiffel Tower completed?',
      }),
    ]);
    // Callers choose among the server's models only, as on the sessions API.
    const model = await callTool(client, 'research', { question: 'q', model: 'ollama:llama3.1' });
    expect(model.isError).toBe(true);
    expect(model.content[0]?.text).toMatch(
      /^Invalid value for "model" in the research arguments: "ollama:llama3.1" is not allowed on this server\. Allowed: openai-compatible:fake/,
    );
  });

  it('needs the bearer token when the server has one; runs belong to the token that made them', async () => {
    const { url } = await startServer({ tokens: [TOKEN, OTHER] });
    await expect(connect(url)).rejects.toThrow(/401|Missing bearer token/);
    await expect(connect(url, 'wrong-token')).rejects.toThrow(/401|Invalid bearer token/);
    const refused = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);

    const client = await connect(url, TOKEN);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('research');
    const answer = await callTool(client, 'research', { question: 'When was the Eiffel Tower completed?' });
    expect(answer.structuredContent).toMatchObject({ status: 'completed' });
    expect((await listRuns(url, TOKEN)).map((run) => run.id)).toEqual([answer.structuredContent?.runId]);
    expect(await listRuns(url, OTHER)).toEqual([]);
  });

  it('cancels the run when the client cancels the call', async () => {
    const { url, server, world } = await startServer({ script: { script: { hang: true } } });
    const client = await connect(url);
    await researchThenCancel(client, world);
    await expect
      .poll(async () => (await listRuns(url)).map((run) => run.status), { timeout: 20_000 })
      .toEqual(['cancelled']);
    expect(await server.runs.liveCounts()).toEqual({ running: 0, queued: 0 });
  });
});
