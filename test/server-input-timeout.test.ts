/**
 * A run nobody answers within `--input-wait` is cancelled with stop reason `input_timeout`, as the
 * docs say, on every surface of a real `serve` (SQLite): the run, the list of runs and its events;
 * also when the wait ran out while the server was down.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchEvent, RunDetail, RunList } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { startServe, stopServe } from './helpers/serve.js';

/** Seconds a run waits for input: short, to see it expire. */
const INPUT_WAIT = 2;

let world: DemoWorld;
let folder: string;
let server: Awaited<ReturnType<typeof startServe>> | undefined;
const serveArgs = () => [...world.args, '--db', join(folder, 'runs.db'), '--input-wait', String(INPUT_WAIT)];
beforeAll(async () => {
  world = await startDemoWorld({ script: (request) => ({ text: cooperativeResearcher(request) }) });
  folder = await mkdtemp(join(tmpdir(), 'deepresearch-input-timeout-'));
}, 90_000);
afterAll(async () => {
  await stopServe(server?.child);
  await world?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function get<T>(path: string): Promise<T> {
  return (await (await fetch(`${server?.url}${path}`)).json()) as T;
}

async function start(options: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${server?.url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?', options }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Asks about the run until `done` says so. */
async function until(id: string, done: (run: RunDetail) => boolean): Promise<RunDetail> {
  for (;;) {
    const run = await get<RunDetail>(`/api/runs/${id}`);
    if (done(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function expectTimedOut(id: string): Promise<void> {
  const run = await until(id, (each) => !['queued', 'running', 'needs_input'].includes(each.status));
  expect(run).toMatchObject({ status: 'cancelled', result: { stopReason: 'input_timeout' } });
  const list = await get<RunList>('/api/runs');
  expect(list.runs.find((each) => each.id === id)).toMatchObject({
    status: 'cancelled',
    stopReason: 'input_timeout',
  });
  const events = await get<ResearchEvent[]>(`/api/runs/${id}/events?format=json`);
  expect(events.filter((event) => event.type === 'input-request')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'run-end')).toHaveLength(1);
  expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'input_timeout' });
}

describe('a run waiting for input that nobody answers', () => {
  it('ends cancelled with stop reason input_timeout in the run, the list of runs and its events', async () => {
    server ??= await startServe(serveArgs());
    await expectTimedOut(await start({ reviewPlan: true }));
  });

  it('ends so too when its wait ran out while the server was down', async () => {
    server ??= await startServe(serveArgs());
    const id = await start({ reviewPlan: true });
    await until(id, (run) => run.status === 'needs_input');
    await stopServe(server.child);
    await new Promise((resolve) => setTimeout(resolve, (INPUT_WAIT + 1) * 1000));
    server = await startServe(serveArgs());
    await expectTimedOut(id);
  });
});
