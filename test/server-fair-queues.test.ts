/**
 * Fair queues on a real `serve`, over SQLite and over Postgres: owners (tokens) take turns for the
 * slots, so one token's backlog never holds back another token's run; each token has a cap on its
 * runs running and queued. The fake model holds every call until the test opens its gate, so which
 * run holds a slot is decided by the test, and order is read from the runs' start times, never
 * from how long anything took.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { openTestDatabase, type TestDatabase } from '../src/testing/vitest/postgres-database.js';
import { startServe, stopServe } from './helpers/serve.js';

// Whether there is a Postgres to run on; each test then makes a database of its own (`freshDb`).
const started = await openTestDatabase();
const postgres: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!postgres)
  console.warn(`fair queues on Postgres: skipped, ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => postgres?.stop());

const [A, B] = ['token-many-0123456789', 'token-one-0123456789'];
const ENDED = ['completed', 'best_effort', 'failed', 'cancelled', 'interrupted'];

/** A demo world whose model answers nothing until `open()`. */
async function gatedWorld(): Promise<DemoWorld & { open(): void }> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const world = await startDemoWorld({
    script: async (request) => {
      await gate;
      return cooperativeResearcher(request);
    },
  });
  return { ...world, open };
}

const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((database) => database.stop())));
/** A fresh database: `--db` for SQLite (in memory), or a new Postgres database of the run's cluster. */
async function freshDb(kind: 'sqlite' | 'postgres'): Promise<string> {
  if (kind === 'sqlite') return ':memory:';
  const database = await openTestDatabase();
  if (!('url' in database)) throw new Error(`no Postgres database: ${database.skipped}`);
  databases.push(database);
  return database.url;
}

type Serve = Awaited<ReturnType<typeof startServe>>;

async function start(server: Serve, token: string, question: string): Promise<Response> {
  return fetch(`${server.url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ question }),
  });
}

async function startOk(server: Serve, token: string, question: string): Promise<string> {
  const response = await start(server, token, question);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function detail(server: Serve, token: string, id: string): Promise<RunDetail> {
  const response = await fetch(`${server.url}/api/runs/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as RunDetail;
}

/** Asks until the run is in one of `statuses` (a state, never a time, decides). */
async function until(server: Serve, token: string, id: string, statuses: string[]): Promise<RunDetail> {
  for (;;) {
    const run = await detail(server, token, id);
    if (statuses.includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `serve` on `kind` with two tokens and `flags`; the world and server go after the test. */
async function serveWith(kind: 'sqlite' | 'postgres', flags: string[]) {
  const world = await gatedWorld();
  const db = await freshDb(kind);
  const server = await startServe([
    '--db',
    db,
    '--auth-token',
    A,
    '--auth-token',
    B,
    ...flags,
    ...world.args,
  ]).catch(async (error: unknown) => {
    await world.close();
    throw error;
  });
  return {
    world,
    server,
    async close() {
      world.open();
      await stopServe(server.child);
      await world.close();
    },
  };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !postgres)(`fair queues, serve --db ${kind}`, () => {
    it("starts another token's run before one token's backlog", async () => {
      const { world, server, close } = await serveWith(kind, ['--max-concurrent-runs', '1']);
      try {
        const first = await startOk(server, A, 'Question a1: when was the Eiffel Tower completed?');
        await until(server, A, first, ['running']);
        const backlog = [];
        for (const n of [2, 3, 4]) backlog.push(await startOk(server, A, `Question a${n}: how tall is it?`));
        const other = await startOk(server, B, 'Question b1: who designed it?');
        world.open();
        const runs = [
          ...(await Promise.all([first, ...backlog].map((id) => until(server, A, id, ENDED)))),
          await until(server, B, other, ENDED),
        ];
        const order = runs
          .sort((x, y) => (x.startedAt ?? '').localeCompare(y.startedAt ?? ''))
          .map((run) => run.id);
        expect(order).toEqual([first, other, ...backlog]);
      } finally {
        await close();
      }
    }, 180_000);

    it("refuses a start past a token's queued runs with 429 naming the limit and a Retry-After; other tokens go on", async () => {
      const { server, close } = await serveWith(kind, [
        '--max-concurrent-runs',
        '1',
        '--max-queued-per-owner',
        '2',
      ]);
      try {
        const first = await startOk(server, A, 'Question a1: when was the Eiffel Tower completed?');
        await until(server, A, first, ['running']);
        for (const n of [2, 3]) await startOk(server, A, `Question a${n}: how tall is it?`);
        const refused = await start(server, A, 'Question a4: who designed it?');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        const { error } = (await refused.json()) as { error: { code: string; message: string } };
        expect(error.code).toBe('queue_full');
        expect(error.message).toContain('--max-queued-per-owner 2');
        const listed = (await (
          await fetch(`${server.url}/api/runs`, { headers: { authorization: `Bearer ${A}` } })
        ).json()) as { runs: unknown[] };
        expect(listed.runs).toHaveLength(3);
        await startOk(server, B, 'Question b1: who designed it?');
      } finally {
        await close();
      }
    }, 180_000);

    it("keeps a token's runs past its running cap queued while another token's run takes a free slot", async () => {
      const { world, server, close } = await serveWith(kind, [
        '--max-concurrent-runs',
        '2',
        '--max-running-per-owner',
        '1',
      ]);
      try {
        const first = await startOk(server, A, 'Question a1: when was the Eiffel Tower completed?');
        await until(server, A, first, ['running']);
        const second = await startOk(server, A, 'Question a2: how tall is it?');
        const other = await startOk(server, B, 'Question b1: who designed it?');
        // Whichever takes the free slot: b's run, or (past the cap) a's second.
        let statuses: string[] = [];
        while (!statuses.includes('running')) {
          statuses = [(await detail(server, B, other)).status, (await detail(server, A, second)).status];
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(statuses).toEqual(['running', 'queued']);
        world.open();
        const [one, two] = await Promise.all([first, second].map((id) => until(server, A, id, ENDED)));
        expect((two?.startedAt ?? '') >= (one?.endedAt ?? '')).toBe(true);
      } finally {
        await close();
      }
    }, 180_000);
  });
}
