import { afterAll, describe, expect, it } from 'vitest';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { startDemoWorld } from '../src/testing/demo-world.js';
import { type PostgresCluster, startPostgresCluster } from '../src/testing/vitest/postgres-cluster.js';
import { expectInterruptedAndResumed, startRunAndKill } from './helpers/crash-resume.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

const started = await startPostgresCluster();
const cluster: PostgresCluster | undefined = 'url' in started ? started : undefined;
if (!cluster)
  console.warn(`deepresearch serve on Postgres: skipped, ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

describe.skipIf(!cluster)('deepresearch serve --db postgres://…', () => {
  it('keeps runs in Postgres across a crash: interrupted, every event kept, resumable', async () => {
    let delayMs = 300;
    const world = await startDemoWorld({
      script: (request) => ({ text: cooperativeResearcher(request), delayMs }),
    });
    const db = cluster?.url ?? '';
    try {
      const first = await startServe(['--db', db, ...world.args]);
      const { id, received } = await startRunAndKill(first);

      delayMs = 0;
      // The URL from the environment this time: DEEPRESEARCH_DB selects the same database.
      const second = await startServe(world.args, { env: { DEEPRESEARCH_DB: db } });
      await expectInterruptedAndResumed(second.url, id, received);
      const listed = (await (await fetch(`${second.url}/api/runs`)).json()) as { runs: { id: string }[] };
      expect(listed.runs.map((item) => item.id)).toContain(id);
      await stopServe(second.child);
    } finally {
      await world.close();
    }
  }, 90_000);

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
