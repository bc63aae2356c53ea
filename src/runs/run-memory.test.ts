import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import type { ResearchResult } from '../contract/index.js';
import { research } from '../research/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_PLAN,
  PAGES,
  QUESTION,
  RESULTS,
} from '../testing/research-fixtures.js';
import { makeTestApp, TEST_API_KEY } from '../testing/server-test-app.js';

const SIMILAR = 'What is the height of the Eiffel Tower in metres?';
const TOKENS = { a: 'token-a-0123456789', b: 'token-b-0123456789', admin: 'token-admin-0123456789' };

/** A server whose runs use the real engine on a cooperative fake model; records each run's plan prompt. */
function memoryServer() {
  const planPrompts: string[] = [];
  const cooperative = cooperativeObject({ plan: () => HEIGHT_PLAN });
  const llm = createFakeLlm({
    object: (call: FakeLlmCall) => {
      if (call.schemaName === 'plan') planPrompts.push(call.prompt);
      return cooperative(call);
    },
    text: cooperativeText,
  });
  const server = makeTestApp({
    runner: research,
    authTokens: [TOKENS.a, TOKENS.b],
    adminTokens: [TOKENS.admin],
    config: parseResearchConfig({
      apiKey: TEST_API_KEY,
      strategy: 'pipeline',
      breadth: 1,
      noDirectAnswer: true,
    }),
    capabilities: {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
    },
  });
  /** Starts a run as `token` and resolves with its result, or the refusal's status and body. */
  const ask = async (token: string, question: string, options: Record<string, unknown> = {}) => {
    const response = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ question, options }),
    });
    if (response.status !== 201) return { status: response.status, body: await response.json() };
    const { id } = (await response.json()) as { id: string };
    const record = await server.runs.waitForEnd(id);
    return { status: 201, id, result: record.result as ResearchResult, planPrompt: planPrompts.at(-1) ?? '' };
  };
  return { server, ask };
}

describe('memory on a shared server', () => {
  it("keeps each finished run, and never lets one token's memory reach another token's run", async () => {
    const { server, ask } = memoryServer();
    const first = await ask(TOKENS.a, QUESTION);
    expect(first.result?.status).toBe('completed');
    const kept = await server.store.memories.get(first.id ?? '');
    expect(kept).toMatchObject({ question: QUESTION, owner: expect.stringMatching(/^token:/) });
    expect(kept?.findings.length).toBeGreaterThan(0);

    const other = await ask(TOKENS.b, SIMILAR);
    expect(other.result?.memories).toBeUndefined();
    expect(other.planPrompt).not.toContain('prior-knowledge');
    const refused = await ask(TOKENS.b, SIMILAR, { followUpOf: first.id });
    expect(refused).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });

    const own = await ask(TOKENS.a, SIMILAR);
    expect(own.result?.memories?.map((use) => use.runId)).toEqual([first.id]);
    expect(own.planPrompt).toContain(`from run ${first.id?.slice(0, 8)}`);

    const admin = await ask(TOKENS.admin, SIMILAR);
    expect(admin.result?.memories?.map((use) => use.runId)).toContain(first.id);
  });

  it('with memory: false draws on nothing and is not remembered; a follow-up of your own run always draws on it', async () => {
    const { server, ask } = memoryServer();
    const first = await ask(TOKENS.a, QUESTION);
    const off = await ask(TOKENS.a, SIMILAR, { memory: false });
    expect(off.result?.memories).toBeUndefined();
    expect(await server.store.memories.get(off.id ?? '')).toBeUndefined();

    const followUp = await ask(TOKENS.a, 'Who designed it?', { followUpOf: first.id });
    expect(followUp.result?.memories).toEqual([expect.objectContaining({ runId: first.id, followUp: true })]);
    const missing = await ask(TOKENS.a, 'Who designed it?', { followUpOf: 'no-such-run' });
    expect(missing.status).toBe(404);

    // Deleting a run forgets it: a later similar run draws on nothing of it.
    const deleted = await server.app.request(`/api/runs/${first.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKENS.a}` },
    });
    expect(deleted.status).toBe(204);
    const after = await ask(TOKENS.a, SIMILAR);
    expect(after.result?.memories?.map((use) => use.runId) ?? []).not.toContain(first.id);
  });
});
