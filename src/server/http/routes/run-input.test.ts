import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResearchEvent, RunDetail } from '../../../contract/index.js';
import { research } from '../../../research/index.js';
import { createMemoryStore, openSqliteStore, type RunStore } from '../../../store/index.js';
import { createFakeLlm } from '../../../testing/fake-llm.js';
import { createFakeReader } from '../../../testing/fake-reader.js';
import { createFakeSearch } from '../../../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  RESULTS,
} from '../../../testing/research-fixtures.js';
import { makeTestApp, type TestAppOptions } from '../../../testing/server-test-app.js';

const ASKED = { think: 'Which measure?', questions: ['Do you mean the height with or without antennas?'] };
const PLAN = {
  think: 'Height and paint.',
  trivial: false,
  subQuestions: [
    { text: 'What is the height of the Eiffel Tower?', intent: 'fact-check' },
    { text: 'Who painted the tower in 1968?', intent: 'related' },
  ],
};

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A server running the real engine on scripted models, the fixtures' search and pages. */
function engineApp(options: TestAppOptions = {}, plan?: unknown) {
  const llm = createFakeLlm({
    object: cooperativeObject({ clarify: () => ASKED, ...(plan ? { plan: () => plan } : {}) }),
    text: cooperativeText,
  });
  const search = createFakeSearch(RESULTS);
  const server = makeTestApp({
    runner: research,
    capabilities: { llm, searchProviders: [search], reader: createFakeReader(PAGES) },
    ...options,
  });
  return { ...server, llm, search };
}

async function start(server: ReturnType<typeof engineApp>, options: Record<string, unknown>) {
  const response = await server.app.request(
    '/api/runs',
    post({ question: QUESTION, options: { noDirectAnswer: true, breadth: 1, ...options } }),
  );
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await server.runs.waitForEnd(id);
  return id;
}

async function detail(server: ReturnType<typeof engineApp>, id: string): Promise<RunDetail> {
  return (await (await server.app.request(`/api/runs/${id}`)).json()) as RunDetail;
}

async function answer(server: ReturnType<typeof engineApp>, id: string, body: unknown) {
  const response = await server.app.request(`/api/runs/${id}/input`, post(body));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('runs that need input', () => {
  it('waits as needs_input across a restart, completes when answered, and refuses a second answer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'deepresearch-input-'));
    folders.push(folder);
    const path = join(folder, 'runs.db');
    let store: RunStore = openSqliteStore({ path });
    const before = engineApp({ store });
    const id = await start(before, { clarify: true });
    const waiting = await detail(before, id);
    expect(waiting).toMatchObject({
      status: 'needs_input',
      input: { kind: 'clarify', questions: ASKED.questions },
    });
    expect(Date.parse(waiting.inputDeadline ?? '') - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(before.search.calls).toHaveLength(0);

    await before.runs.shutdown({ graceMs: 0 });
    await store.close();
    store = openSqliteStore({ path });
    const after = engineApp({ store });
    expect(await after.runs.recover()).toEqual([]);
    expect(await detail(after, id)).toMatchObject({ status: 'needs_input', input: { kind: 'clarify' } });

    const wrong = await answer(after, id, { answers: ['one', 'two'] });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', field: 'answers' } },
    });
    const given = await answer(after, id, { answers: ['Without antennas'] });
    expect(given.status).toBe(202);
    expect(['queued', 'running']).toContain(given.body.status);
    await after.runs.waitForEnd(id);
    const done = await detail(after, id);
    expect(done.status).toBe('completed');
    expect(done.input).toBeUndefined();
    const planPrompt = after.llm.calls.find((call) => call.schemaName === 'plan')?.prompt ?? '';
    expect(planPrompt).toContain('Answered: Without antennas');
    // The clarifier was asked once, before the restart; not again after it.
    expect(after.llm.calls.filter((call) => call.schemaName === 'clarify')).toHaveLength(0);

    const twice = await answer(after, id, { answers: ['Again'] });
    expect(twice).toMatchObject({ status: 409, body: { error: { code: 'input_already_given' } } });
    await store.close();
  });

  it('refuses a field clarifying answers do not take, naming it, and keeps waiting', async () => {
    const server = engineApp();
    const id = await start(server, { clarify: true });
    const refused = await answer(server, id, { answers: ['With antennas'], note: 'thanks' });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', field: 'note' } },
    });
    expect((await detail(server, id)).status).toBe('needs_input');
    expect((await answer(server, id, { answers: ['With antennas'] })).status).toBe(202);
  });

  it('refuses input to a run that waits for none with not_waiting', async () => {
    const server = engineApp();
    const id = await start(server, {});
    const refused = await answer(server, id, { answers: [] });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'not_waiting' } } });
  });

  it('researches the reviewed plan: a dropped sub-question is never searched, an added one is', async () => {
    const server = engineApp({}, PLAN);
    const id = await start(server, { reviewPlan: true, strategy: 'pipeline', breadth: 2 });
    const waiting = await detail(server, id);
    expect(waiting.input).toMatchObject({
      kind: 'plan',
      plan: {
        subQuestions: [
          { id: 'q1', intent: 'fact-check' },
          { id: 'q2', intent: 'related' },
        ],
      },
    });
    // A field the body does not take is refused by name, at the top or inside a sub-question.
    const misspelt = await answer(server, id, { subQuestion: [{ id: 'q1', text: 'x' }] });
    expect(misspelt).toMatchObject({ status: 400, body: { error: { field: 'subQuestion' } } });
    expect(JSON.stringify(misspelt.body)).toContain('Unknown field \\"subQuestion\\"');
    const inner = await answer(server, id, { subQuestions: [{ id: 'q1', text: 'x' }, { txt: 'y' }] });
    expect(inner).toMatchObject({ status: 400, body: { error: { field: 'subQuestions[1].txt' } } });
    expect((await detail(server, id)).status).toBe('needs_input');
    const badIntent = await answer(server, id, { subQuestions: [{ id: 'q1', text: 'x', intent: 'guess' }] });
    expect(badIntent.body).toMatchObject({ error: { field: 'subQuestions[0].intent' } });
    const empty = await answer(server, id, { subQuestions: [{ id: 'q1', text: '  ' }] });
    expect(empty.body).toMatchObject({ error: { field: 'subQuestions[0].text' } });
    const given = await answer(server, id, {
      subQuestions: [
        { id: 'q1', text: 'How tall is the Eiffel Tower in metres?' },
        { text: 'When did construction of the tower begin?', intent: 'related' },
      ],
    });
    expect(given.status).toBe(202);
    await server.runs.waitForEnd(id);
    expect((await detail(server, id)).status).not.toBe('needs_input');
    const queries = server.search.calls.map((call) => call.query).join('\n');
    expect(queries).toMatch(/metres/);
    expect(queries).toMatch(/construction/);
    expect(queries).not.toMatch(/painted/);
  });

  it('holds no slot while waiting: another run completes meanwhile', async () => {
    const server = engineApp({ maxConcurrentRuns: 1 });
    const waitingId = await start(server, { clarify: true });
    const otherId = await start(server, {});
    expect(['completed', 'best_effort']).toContain((await detail(server, otherId)).status);
    expect((await detail(server, waitingId)).status).toBe('needs_input');
    expect(await server.runs.liveCounts()).toEqual({ running: 0, queued: 0 });
  });

  it('is cancelled with stop reason input_timeout when nobody answers within the wait', async () => {
    const server = engineApp({ inputWaitMs: 20 });
    const id = await start(server, { clarify: true });
    await vi.waitFor(async () => expect((await detail(server, id)).status).toBe('cancelled'), {
      timeout: 30_000,
    });
    const ended = await detail(server, id);
    expect(ended.result).toMatchObject({ status: 'cancelled', stopReason: 'input_timeout', answer: '' });
    const events = (await server.store.listEvents(id)) as ResearchEvent[];
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'input_timeout' });
    const late = await answer(server, id, { answers: ['Too late'] });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'not_waiting' } } });
  });

  it('cancels at start-up a run whose wait ran out while the server was down', async () => {
    const store = createMemoryStore();
    const before = engineApp({ store });
    const id = await start(before, { clarify: true });
    await before.runs.shutdown({ graceMs: 0 });
    const after = engineApp({ store, now: () => new Date(Date.now() + 25 * 3_600_000) });
    await after.runs.recover();
    await vi.waitFor(async () => expect((await detail(after, id)).status).toBe('cancelled'), {
      timeout: 30_000,
    });
    expect((await detail(after, id)).result?.stopReason).toBe('input_timeout');
  });

  it('cancels a waiting run at once when asked', async () => {
    const server = engineApp();
    const id = await start(server, { clarify: true });
    const response = await server.app.request(`/api/runs/${id}/cancel`, { method: 'POST' });
    expect(response.status).toBe(202);
    expect(await detail(server, id)).toMatchObject({
      status: 'cancelled',
      result: { stopReason: 'cancelled' },
    });
  });
});
