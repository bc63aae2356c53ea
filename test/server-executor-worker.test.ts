import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchEvent, RunDetail } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { readEvents, startServe, stopServe } from './helpers/serve.js';

// `deepresearch serve --executor worker`: each run's research executes in a worker thread, which
// builds the model, search and reader from the operator's flags; the run's bookkeeping, events and
// control stay on the thread that serves HTTP. The real CLI against the fake servers of the demo world.

const KEY = 'sk-operator-secret-4242';
let world: DemoWorld;
let server: Awaited<ReturnType<typeof startServe>> | undefined;
/** Milliseconds the fake model waits before each reply: slow enough to cancel a run mid-way. */
let modelDelayMs = 0;

beforeAll(async () => {
  world = await startDemoWorld({
    script: (request) => ({ text: cooperativeResearcher(request), delayMs: modelDelayMs }),
  });
  server = await startServe([
    ...world.args,
    '--api-key',
    KEY,
    '--db',
    ':memory:',
    '--executor',
    'worker',
    '--executor-threads',
    '2',
  ]);
});
afterAll(async () => {
  await stopServe(server?.child);
  await world?.close();
});

const url = () => server?.url ?? '';

async function start(body: unknown): Promise<string> {
  const created = await fetch(`${url()}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function detail(id: string): Promise<RunDetail> {
  return (await (await fetch(`${url()}/api/runs/${id}`)).json()) as RunDetail;
}

async function until(id: string, done: (run: RunDetail) => boolean): Promise<RunDetail> {
  for (;;) {
    const run = await detail(id);
    if (done(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function storedEvents(id: string): Promise<ResearchEvent[]> {
  return (await (await fetch(`${url()}/api/runs/${id}/events?format=json`)).json()) as ResearchEvent[];
}

describe('serve --executor worker', () => {
  it('completes a run in a research thread: its events stream live, in order, and the operator key appears nowhere', async () => {
    modelDelayMs = 0;
    const id = await start({ question: 'When was the Eiffel Tower completed?' });
    const received: ResearchEvent[] = [];
    await readEvents(`${url()}/api/runs/${id}/events`, received, () => false);
    expect(received.at(-1)?.type).toBe('run-end');
    expect(received.map((event) => event.index)).toEqual(received.map((_, index) => index));
    expect(received.some((event) => event.type === 'tool-result')).toBe(true);
    const run = await detail(id);
    expect(['completed', 'best_effort']).toContain(run.status);
    expect(run.result?.answer).toContain('1889');
    expect(run.usage?.totalTokens).toBeGreaterThan(0);
    expect(await storedEvents(id)).toEqual(received);
    expect(JSON.stringify({ run, received })).not.toContain(KEY);
    // The model was called with the operator's key: the thread had it from the configuration.
    expect(world.llm.authorizations).toContain(`Bearer ${KEY}`);
  }, 90_000);

  it('cancels a running run: the thread stops it and it ends cancelled with one run-end', async () => {
    modelDelayMs = 400;
    const id = await start({ question: 'When was the Eiffel Tower completed?' });
    const received: ResearchEvent[] = [];
    await readEvents(`${url()}/api/runs/${id}/events`, received, () => received.length >= 3);
    expect(received.some((event) => event.type === 'run-end')).toBe(false);
    expect((await fetch(`${url()}/api/runs/${id}/cancel`, { method: 'POST' })).status).toBe(202);
    const ended = await until(id, (run) => !['queued', 'running'].includes(run.status));
    expect(ended.status).toBe('cancelled');
    const events = await storedEvents(id);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
    expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
  }, 90_000);

  it('pauses for a plan review and, once answered, continues in a thread from its stored events', async () => {
    modelDelayMs = 0;
    const id = await start({
      question: 'When was the Eiffel Tower completed?',
      options: { reviewPlan: true },
    });
    const review = await until(id, (run) => run.status === 'needs_input');
    const plan = review.input?.kind === 'plan' ? review.input.plan.subQuestions : [];
    expect(plan.length).toBeGreaterThan(0);
    const answered = await fetch(`${url()}/api/runs/${id}/input`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subQuestions: plan.map((subQuestion) => ({ id: subQuestion.id, text: subQuestion.text })),
      }),
    });
    expect(answered.status).toBe(202);
    const done = await until(id, (run) => !['queued', 'running', 'needs_input'].includes(run.status));
    expect(['completed', 'best_effort']).toContain(done.status);
    expect(done.result?.answer).toContain('1889');
    const events = await storedEvents(id);
    expect(events.filter((event) => event.type === 'input-answer')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
    expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
  }, 90_000);
});
