import { afterAll, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { openTestDatabase, type TestDatabase } from '../src/testing/vitest/postgres-database.js';
import { startRunAndKill } from './helpers/crash-resume.js';
import { runCli } from './helpers/run-cli.js';
import { readEvents, startServe, stopServe } from './helpers/serve.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster)
  console.warn(`deepresearch serve on Postgres: skipped, ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

describe.skipIf(!cluster)('deepresearch serve --db postgres://…', () => {
  it('keeps runs in Postgres across a crash, and the restarted node resumes the cut-off run itself', async () => {
    let delayMs = 300;
    const world = await startDemoWorld({
      script: (request) => ({ text: cooperativeResearcher(request), delayMs }),
    });
    const db = cluster?.url ?? '';
    // The crashed node is presumed dead 10 s after its last heartbeat. Not 2 s: at load 17 the live
    // node's own heartbeats (every quarter of that) were late by as much, so it was presumed dead too
    // and its resumed run taken back from it mid-way (seen once: a run-end 'cancelled' in its events,
    // then another; twice in seven runs at load 15–23 the run ended 'failed', likely the same way).
    const timing = ['--worker-timeout', '10'];
    try {
      const first = await startServe(['--db', db, ...timing, ...world.args]);
      const { id, received } = await startRunAndKill(first);

      delayMs = 0;
      // The URL from the environment this time: DEEPRESEARCH_DB selects the same database.
      const second = await startServe([...timing, ...world.args], { env: { DEEPRESEARCH_DB: db } });
      const rest: ResearchEvent[] = [];
      const last = received.at(-1)?.index ?? -1;
      await readEvents(
        `${second.url}/api/runs/${id}/events?after=${last}`,
        rest,
        // To the stream's end: it ends once the run's final state is stored.
        () => false,
      );
      const stored = (await (
        await fetch(`${second.url}/api/runs/${id}/events?format=json`)
      ).json()) as ResearchEvent[];
      expect(stored.slice(0, received.length)).toEqual(received);
      expect(stored.map((event) => event.index)).toEqual(stored.map((_, index) => index));
      expect([...received, ...rest].map((event) => event.index)).toEqual(stored.map((event) => event.index));
      const resumed = (await (await fetch(`${second.url}/api/runs/${id}`)).json()) as {
        status: string;
        result: { answer: string };
      };
      expect(['completed', 'best_effort']).toContain(resumed.status);
      expect(resumed.result.answer).toContain('1889');
      const listed = (await (await fetch(`${second.url}/api/runs`)).json()) as { runs: { id: string }[] };
      expect(listed.runs.map((item) => item.id)).toContain(id);
      await stopServe(second.child);
    } finally {
      await world.close();
    }
  }, 150_000);

  it('refuses a Postgres it cannot reach at once, naming the URL without its password', async () => {
    const world = await startDemoWorld();
    const result = await runCli([
      'serve',
      '--port',
      '0',
      '--db',
      'postgres://me:hunter2@127.0.0.1:1/runs',
      ...world.args,
    ]).finally(() => world.close());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--db postgres://me:***@127.0.0.1:1/runs cannot be opened');
    expect(result.stderr).toContain('Check that the Postgres server runs');
    expect(result.stderr).not.toContain('hunter2');
  }, 30_000);
});
