import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runLimitStoreContract } from '../../testing/vitest/limit-store-contract.js';
import { openTestDatabase, type TestDatabase } from '../../testing/vitest/postgres-database.js';
import { openPostgresStore } from '../postgres/postgres-store.js';
import { createMemoryLimits } from './in-memory.js';

runLimitStoreContract('memory', async () => {
  const limits = createMemoryLimits();
  return { nodes: [limits, limits], close: async () => {} };
});

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster) console.warn(`Postgres limit tests skipped: ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

let schemas = 0;
/** Two stores (two nodes) on a schema of their own. */
async function twoNodes() {
  const schema = `limits_${schemas++}`;
  const url = cluster?.url ?? '';
  const first = await openPostgresStore({ url, schema });
  const second = await openPostgresStore({ url, schema });
  return {
    schema,
    first,
    nodes: [first.limits, second.limits] as [typeof first.limits, typeof first.limits],
    async close() {
      await Promise.all([first.close(), second.close()]);
    },
  };
}

if (cluster) runLimitStoreContract('postgres', twoNodes);

describe.skipIf(!cluster)('Postgres limits', () => {
  it('prunes full buckets and keys whose time ran out, keeping the rest', async () => {
    const world = await twoNodes();
    const [a] = world.nodes;
    await a.take({ scope: 'requests', key: 'refilled', capacity: 1, perMinute: 600_000 });
    await a.take({ scope: 'requests', key: 'empty', capacity: 1, perMinute: 1 });
    await a.startOnce({ slot: 'gone', fingerprint: 'f', windowMs: 1, start: async () => 'run-1' });
    await a.startOnce({ slot: 'kept', fingerprint: 'f', windowMs: 60_000, start: async () => 'run-2' });
    await a.prove('gone', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await world.first.limits.prune();
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    const keys = async (sql: string) =>
      (await client.query<{ key: string }>(sql)).rows.map((row) => row.key).sort();
    expect(await keys(`SELECT key FROM ${world.schema}.rate_buckets`)).toEqual(['empty']);
    expect(await keys(`SELECT slot AS key FROM ${world.schema}.idempotency_keys`)).toEqual(['kept']);
    expect(await keys(`SELECT pair AS key FROM ${world.schema}.proven_logins`)).toEqual([]);
    await client.end();
    await world.close();
  });

  it('refuses with limits_unavailable when Postgres fails, never letting the request pass', async () => {
    const world = await twoNodes();
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    await client.query(`DROP TABLE ${world.schema}.rate_buckets, ${world.schema}.idempotency_keys`);
    await client.end();
    const [a] = world.nodes;
    const limit = { scope: 'requests', key: 'alice', capacity: 5, perMinute: 5 };
    await expect(a.take(limit)).rejects.toMatchObject({ code: 'limits_unavailable', kind: 'system' });
    let started = 0;
    const start = async () => `run-${++started}`;
    await expect(a.startOnce({ slot: 'k', fingerprint: 'f', windowMs: 1000, start })).rejects.toMatchObject({
      code: 'limits_unavailable',
      message: expect.stringContaining('refused rather than let past them'),
    });
    expect(started).toBe(0);
    await world.close();
  });

  it('answers with the run it started when the key cannot be recorded after the start', async () => {
    const world = await twoNodes();
    const [a] = world.nodes;
    const start = async () => {
      // The database loses the table while the run starts.
      const client = new pg.Client({ connectionString: cluster?.url });
      await client.connect();
      await client.query(`DROP TABLE ${world.schema}.idempotency_keys`);
      await client.end();
      return 'run-1';
    };
    expect(await a.startOnce({ slot: 'k', fingerprint: 'f', windowMs: 60_000, start })).toEqual({
      runId: 'run-1',
      replayed: false,
    });
    await world.close();
  });

  it('a request waiting on a key whose start failed on the other node starts the run itself', async () => {
    const world = await twoNodes();
    const [a, b] = world.nodes;
    const request = { slot: 'alice\nk', fingerprint: 'f', windowMs: 60_000 };
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const failing = a.startOnce({
      ...request,
      start: () => {
        holding();
        return new Promise<string>((_, reject) => setTimeout(() => reject(new Error('bad')), 100));
      },
    });
    // b asks once a holds the key and is starting its run (by order, not after a guessed delay).
    await held;
    const waiting = b.startOnce({ ...request, start: async () => 'run-b' });
    await expect(failing).rejects.toThrow('bad');
    expect(await waiting).toEqual({ runId: 'run-b', replayed: false });
    await world.close();
  });
});
