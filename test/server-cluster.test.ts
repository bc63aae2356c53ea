import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { openTestDatabase, type TestDatabase } from '../src/testing/vitest/postgres-database.js';
import { runCli } from './helpers/run-cli.js';
import { readEvents, startServe, stopServe } from './helpers/serve.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster)
  console.warn(
    `deepresearch serve --role (cluster): skipped, ${'skipped' in started ? started.skipped : ''}`,
  );
afterAll(() => cluster?.stop());

type Node = Awaited<ReturnType<typeof startServe>>;

async function startRun(api: string): Promise<string> {
  const created = await fetch(`${api}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The worker executing a run now, by asking each one's /health. */
async function holder(workers: Node[]): Promise<Node | undefined> {
  for (const worker of workers) {
    const health = (await (await fetch(`${worker.url}/health`)).json()) as { running: number };
    if (health.running > 0) return worker;
  }
  return undefined;
}

const indexes = (events: ResearchEvent[]) => events.map((event) => event.index);

describe.skipIf(!cluster)('deepresearch serve --role api|worker on one Postgres', () => {
  let world: DemoWorld;
  let api: Node;
  let workers: Node[] = [];
  afterAll(async () => {
    await Promise.all([api, ...workers].map((node) => stopServe(node?.child)));
    await world?.close();
  });

  it('runs started on the api node execute on a worker, followed live from the api node; a SIGKILLed worker’s run resumes on another; cancel reaches the worker', async () => {
    world = await startDemoWorld({
      script: (request) => ({ text: cooperativeResearcher(request), delayMs: 250 }),
    });
    const db = cluster?.url ?? '';
    api = await startServe(['--db', db, '--role', 'api', ...world.args]);
    const workerArgs = ['--db', db, '--role', 'worker', '--worker-timeout', '2', ...world.args];
    workers = await Promise.all([startServe(workerArgs), startServe(workerArgs)]);
    // A worker serves its health only: clients talk to the api node.
    expect((await fetch(`${workers[0]?.url}/api/runs`)).status).toBe(404);

    // 1. Started and followed on the api node, executed by a worker.
    const first = await startRun(api.url);
    const live: ResearchEvent[] = [];
    // Read to the stream's end: it ends once the run's final state is stored (`run-end` comes before).
    await readEvents(`${api.url}/api/runs/${first}/events`, live, () => false);
    expect(indexes(live)).toEqual(live.map((_, index) => index));
    const done = (await (await fetch(`${api.url}/api/runs/${first}`)).json()) as {
      status: string;
      result: { answer: string };
    };
    expect(['completed', 'best_effort']).toContain(done.status);
    expect(done.result.answer).toContain('1889');

    // 2. The worker executing a run is SIGKILLed mid-run: the other one resumes it.
    const second = await startRun(api.url);
    const before: ResearchEvent[] = [];
    await readEvents(`${api.url}/api/runs/${second}/events`, before, () => before.length >= 4);
    const victim = await holder(workers);
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    await new Promise((resolve) => victim?.child.once('exit', resolve));
    workers = workers.filter((worker) => worker !== victim);
    const rest: ResearchEvent[] = [];
    const last = before.at(-1)?.index ?? -1;
    // Last-Event-ID resume on the api node while the run moves to the surviving worker.
    await readEvents(`${api.url}/api/runs/${second}/events?after=${last}`, rest, () => false);
    const stored = (await (
      await fetch(`${api.url}/api/runs/${second}/events?format=json`)
    ).json()) as ResearchEvent[];
    expect(indexes(stored)).toEqual(stored.map((_, index) => index));
    expect(stored.slice(0, before.length)).toEqual(before);
    expect(indexes([...before, ...rest])).toEqual(indexes(stored));
    expect(stored.filter((event) => event.type === 'run-end')).toHaveLength(1);
    const resumed = (await (await fetch(`${api.url}/api/runs/${second}`)).json()) as { status: string };
    expect(['completed', 'best_effort']).toContain(resumed.status);

    // 3. Cancelled through the api node: the worker stops it.
    const third = await startRun(api.url);
    const some: ResearchEvent[] = [];
    await readEvents(`${api.url}/api/runs/${third}/events`, some, () => some.length >= 2);
    expect((await fetch(`${api.url}/api/runs/${third}/cancel`, { method: 'POST' })).status).toBeLessThan(300);
    const tail: ResearchEvent[] = [];
    await readEvents(
      `${api.url}/api/runs/${third}/events?after=${some.at(-1)?.index ?? -1}`,
      tail,
      () => false,
    );
    const cancelled = (await (await fetch(`${api.url}/api/runs/${third}`)).json()) as { status: string };
    expect(cancelled.status).toBe('cancelled');
    expect(await holder(workers)).toBeUndefined();
  }, 180_000);

  it('refuses --role worker on SQLite, saying what to pass', async () => {
    const result = await runCli(['serve', '--port', '0', '--db', ':memory:', '--role', 'worker']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--role worker needs a database every node shares');
    expect(result.stderr).toContain('--db postgres://');
  }, 30_000);
});
