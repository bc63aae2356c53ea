import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchEvent, RunDetail } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { openTestDatabase, type TestDatabase } from '../src/testing/vitest/postgres-database.js';
import { startServe, stopServe } from './helpers/serve.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster)
  console.warn(
    `deepresearch serve --role (input waits across nodes): skipped, ${'skipped' in started ? started.skipped : ''}`,
  );
afterAll(() => cluster?.stop());

type Node = Awaited<ReturnType<typeof startServe>>;
/**
 * Seconds a run waits for its plan review before it is cancelled: short, to see it expire, and
 * long enough for the answers the test gives (after a node is killed) on a busy machine.
 */
const INPUT_WAIT = 20;

async function startReviewedRun(api: string): Promise<string> {
  const created = await fetch(`${api}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?', options: { reviewPlan: true } }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function detail(api: string, id: string): Promise<RunDetail> {
  return (await (await fetch(`${api}/api/runs/${id}`)).json()) as RunDetail;
}

/** Asks `api` about the run until `done` says so (the run changes on other nodes meanwhile). */
async function until(api: string, id: string, done: (run: RunDetail) => boolean): Promise<RunDetail> {
  for (;;) {
    const run = await detail(api, id);
    if (done(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function events(api: string, id: string): Promise<ResearchEvent[]> {
  return (await (await fetch(`${api}/api/runs/${id}/events?format=json`)).json()) as ResearchEvent[];
}

function answer(api: string, id: string, body: unknown) {
  return fetch(`${api}/api/runs/${id}/input`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Nodes to stop at the end: a SIGKILLed one leaves the list (it never exits twice). */
const nodes: Node[] = [];

async function kill(node: Node): Promise<void> {
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGKILL');
  await exited;
  nodes.splice(nodes.indexOf(node), 1);
}

describe.skipIf(!cluster)('runs waiting for input on a cluster', () => {
  let world: DemoWorld;
  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopServe(node.child)));
    await world?.close();
  });

  it('a wait still expires, exactly once, after the worker it paused on is SIGKILLed; an answer on the other api node resumes the run on a worker, one started later or the one it paused on', async () => {
    world = await startDemoWorld({
      script: (request) => ({ text: cooperativeResearcher(request), delayMs: 100 }),
    });
    const common = ['--db', cluster?.url ?? '', '--input-wait', String(INPUT_WAIT), ...world.args];
    const workerArgs = [...common, '--role', 'worker', '--worker-timeout', '2'];
    const [apiA, apiB, pausing] = await Promise.all([
      startServe([...common, '--role', 'api']),
      startServe([...common, '--role', 'api']),
      startServe(workerArgs),
    ]);
    nodes.push(apiA, apiB, pausing);
    const a = apiA.url;
    const b = apiB.url;

    // 1. A run pauses for its plan review on the only worker, which is SIGKILLed.
    const first = await startReviewedRun(a);
    const paused = await until(a, first, (run) => run.status === 'needs_input');
    expect(paused.input).toMatchObject({ kind: 'plan' });
    expect(Date.parse(paused.inputDeadline ?? '')).toBeGreaterThan(Date.now());
    await kill(pausing);

    // Nobody answers: it ends input_timeout, seen the same from both api nodes, with one run-end.
    const expired = await until(b, first, (run) => run.status !== 'needs_input');
    expect(expired).toMatchObject({ status: 'cancelled', result: { stopReason: 'input_timeout' } });
    expect(await detail(a, first)).toMatchObject({ status: 'cancelled' });
    const firstEvents = await events(a, first);
    expect(firstEvents.filter((event) => event.type === 'run-end')).toHaveLength(1);
    expect(firstEvents.map((event) => event.index)).toEqual(firstEvents.map((_, index) => index));
    const late = await answer(b, first, { subQuestions: [{ text: 'Too late?' }] });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'not_waiting' } });

    // 2. Another run pauses on a new worker, which goes too; answered on the other api node.
    const second = await startReviewedRun(a);
    const next = await startServe(workerArgs);
    nodes.push(next);
    const review = await until(a, second, (run) => run.status === 'needs_input');
    await kill(next);
    const garbage = await answer(b, second, '{"subQuestions": [{"id": 7}');
    expect(garbage.status).toBe(400);
    const wrong = await answer(b, second, { subQuestions: [{ id: 'q1', text: 'x', intent: 'guess' }] });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { field: 'subQuestions[0].intent' } });
    const plan = review.input?.kind === 'plan' ? review.input.plan.subQuestions : [];
    expect(plan.length).toBeGreaterThan(0);
    const given = await answer(b, second, {
      subQuestions: plan.map((subQuestion) => ({ id: subQuestion.id, text: subQuestion.text })),
    });
    expect(given.status).toBe(202);
    const twice = await answer(a, second, { subQuestions: [{ text: 'Again?' }] });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: 'input_already_given' } });
    // No worker is up: the answered run waits in the queue for the next one to start.
    expect((await detail(a, second)).status).toBe('queued');
    nodes.push(await startServe(workerArgs));
    const done = await until(a, second, (run) => !['queued', 'running'].includes(run.status));
    expect(['completed', 'best_effort']).toContain(done.status);
    expect(done.result?.answer).toContain('1889');
    const secondEvents = await events(b, second);
    expect(secondEvents.map((event) => event.index)).toEqual(secondEvents.map((_, index) => index));
    expect(secondEvents.filter((event) => event.type === 'input-answer')).toHaveLength(1);
    expect(secondEvents.filter((event) => event.type === 'run-end')).toHaveLength(1);

    // 3. A run paused on a worker that stays up, answered on the other api node: a worker continues it.
    const third = await startReviewedRun(b);
    await until(b, third, (run) => run.status === 'needs_input');
    expect(
      (await answer(a, third, { subQuestions: [{ text: 'When was the tower completed?' }] })).status,
    ).toBe(202);
    const resumed = await until(b, third, (run) => !['queued', 'running'].includes(run.status));
    expect(['completed', 'best_effort']).toContain(resumed.status);

    // The run that expired stayed ended: no node ended it twice meanwhile.
    expect(await events(a, first)).toEqual(firstEvents);
  }, 400_000);
});
