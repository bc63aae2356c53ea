import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/vitest/postgres-database.js';
import { clusterRecorder, runClusterContract } from '../../testing/vitest/run-cluster-contract.js';
import { sampleEvent } from '../../testing/vitest/run-store-contract.js';
import { openPostgresCluster } from './cluster.js';
import { openPostgresStore } from './postgres-store.js';

const started = await openTestDatabase();
const server: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!server) console.warn(`Postgres cluster tests skipped: ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => server?.stop());

let schemas = 0;
/** A store and two nodes on a schema of their own; `workerTimeoutMs` short, to see a node presumed dead. */
async function world(workerTimeoutMs = 60_000) {
  const url = server?.url ?? '';
  const schema = `cluster_${schemas++}`;
  const store = await openPostgresStore({ url, schema });
  const node = () => openPostgresCluster({ url, schema, workerTimeoutMs });
  const [a, b] = await Promise.all([node(), node()]);
  const createRun = (id: string) =>
    store.createRun({ id, question: 'q', options: {}, createdAt: '2026-11-27T08:00:00.000Z' });
  return {
    store,
    a,
    b,
    createRun,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await store.close();
    },
  };
}

if (server) {
  runClusterContract('postgres', async () => {
    const nodes = await world();
    return { store: nodes.store, node: nodes.a, close: nodes.close };
  });
}

const runIds = (runs: readonly { runId: string }[]) => runs.map((run) => run.runId);

describe.skipIf(!server)('Postgres cluster', () => {
  it('hands a queued run to one worker only, however many take it at once', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('r1');
      // The same run queued twice (at-least-once): two jobs, one hold.
      await nodes.a.enqueue({ id: 'r1' });
      await nodes.b.enqueue({ id: 'r1' });
      const [fromA, fromB] = await Promise.all([nodes.a.take({ limit: 5 }), nodes.b.take({ limit: 5 })]);
      expect(runIds([...fromA, ...fromB])).toEqual(['r1']);
      expect(runIds([...(await nodes.a.take({ limit: 5 })), ...(await nodes.b.take({ limit: 5 }))])).toEqual(
        [],
      );
    } finally {
      await nodes.close();
    }
  });

  it('lets go of a run that paused for input, so another worker takes it once answered, even when answered first', async () => {
    const nodes = await world();
    try {
      for (const id of ['later', 'sooner']) {
        await nodes.createRun(id);
        await nodes.a.enqueue({ id });
      }
      expect(runIds(await nodes.a.take({ limit: 5 })).sort()).toEqual(['later', 'sooner']);
      for (const id of ['later', 'sooner']) await nodes.store.updateRun(id, { status: 'needs_input' });
      // Answered after node a let go: queued by the answer, taken by b.
      await nodes.a.letGo('later');
      await nodes.store.updateRun('later', { status: 'queued' });
      await nodes.b.enqueue({ id: 'later' });
      expect(runIds(await nodes.b.take({ limit: 5 }))).toEqual(['later']);
      // Answered before node a let go: the answer's job finds it held and is dropped; letting go queues it again.
      await nodes.store.updateRun('sooner', { status: 'queued' });
      await nodes.b.enqueue({ id: 'sooner' });
      expect(await nodes.b.take({ limit: 5 })).toEqual([]);
      await nodes.a.letGo('sooner');
      expect(runIds(await nodes.b.take({ limit: 5 }))).toEqual(['sooner']);
    } finally {
      await nodes.close();
    }
  });

  it('gives the runs of a worker that stopped beating back to the queue, never those of a live one', async () => {
    // Node a must still count as live over the few queries after its heartbeat, however busy the machine.
    const nodes = await world(3_000);
    try {
      await nodes.createRun('held');
      await nodes.a.enqueue({ id: 'held' });
      await nodes.a.heartbeat({ slots: 1, running: 1 });
      expect(await nodes.a.take({ limit: 1 })).toEqual([
        { runId: 'held', eventCount: 0, cancelRequested: false, claim: 1 },
      ]);
      await nodes.store.updateRun('held', { status: 'running' });
      await nodes.store.appendEvent(sampleEvent('held', 0));
      await nodes.b.heartbeat({ slots: 1, running: 0 });
      expect(await nodes.b.reclaimOrphans()).toEqual([]);
      expect(await nodes.a.held(['held'])).toEqual(['held']);
      // Nothing for a node starting to mark: the workers take such runs back themselves.
      expect(await nodes.b.recover()).toEqual([]);
      // Node a falls silent past the timeout.
      await new Promise((resolve) => setTimeout(resolve, 3_150));
      await nodes.b.heartbeat({ slots: 1, running: 0 });
      expect(await nodes.b.reclaimOrphans()).toEqual(['held']);
      expect(await nodes.a.held(['held'])).toEqual([]);
      expect((await nodes.store.getRun('held'))?.status).toBe('queued');
      // Taken again with the events it has: the new worker resumes from index 1.
      expect(await nodes.b.take({ limit: 1 })).toEqual([
        { runId: 'held', eventCount: 1, cancelRequested: false, claim: 2 },
      ]);
    } finally {
      await nodes.close();
    }
  });

  it("refuses the writes of a run's earlier claim, even from the node that took it again", async () => {
    const nodes = await world();
    try {
      await nodes.createRun('again');
      await nodes.a.enqueue({ id: 'again' });
      const [first] = await nodes.a.take({ limit: 1 });
      const stale = { holder: nodes.a.nodeId, claim: first?.claim };
      await nodes.store.appendEvent(sampleEvent('again', 0), stale);
      // Back to the queue (as when node a is presumed dead) and taken again by node a itself.
      await nodes.a.release('again');
      const [second] = await nodes.a.take({ limit: 1 });
      expect(second).toMatchObject({ runId: 'again', eventCount: 1 });
      const notHeld = { code: 'run_not_held' };
      await expect(nodes.store.appendEvent(sampleEvent('again', 1), stale)).rejects.toMatchObject(notHeld);
      await expect(nodes.store.updateRun('again', { status: 'failed' }, stale)).rejects.toMatchObject(
        notHeld,
      );
      const [outcome] = await nodes.store.writeEvents([{ event: sampleEvent('again', 1), fence: stale }]);
      expect(outcome).toMatchObject(notHeld);
      const current = { holder: nodes.a.nodeId, claim: second?.claim };
      await nodes.store.appendEvent(sampleEvent('again', 1), current);
      await nodes.store.updateRun('again', { status: 'completed' }, current);
      expect((await nodes.store.listEvents('again')).map((event) => event.index)).toEqual([0, 1]);
      expect((await nodes.store.getRun('again'))?.status).toBe('completed');
    } finally {
      await nodes.close();
    }
  });

  it('gives a run a node gives up (it shuts down) back to the queue, for another worker', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('cut');
      await nodes.a.enqueue({ id: 'cut' });
      expect(runIds(await nodes.a.take({ limit: 1 }))).toEqual(['cut']);
      await nodes.store.updateRun('cut', { status: 'interrupted' });
      await nodes.a.release('cut');
      expect((await nodes.store.getRun('cut'))?.status).toBe('queued');
      expect(runIds(await nodes.b.take({ limit: 1 }))).toEqual(['cut']);
    } finally {
      await nodes.close();
    }
  });

  it('cancels a run another node holds only by asking that node', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('held');
      await nodes.b.enqueue({ id: 'held' });
      expect(runIds(await nodes.b.take({ limit: 1 }))).toEqual(['held']);
      expect(await nodes.a.cancelQueued('held')).toBe(false);
      expect(await nodes.b.cancelRequested(['held'])).toEqual([]);
      await nodes.a.requestCancel('held');
      expect(await nodes.b.cancelRequested(['held', 'other'])).toEqual(['held']);
    } finally {
      await nodes.close();
    }
  });

  it('tells every node of stored events, ends, cancel requests and queued runs', async () => {
    const nodes = await world();
    const { log, heard, listener } = clusterRecorder((lines) => lines.includes('end r1'));
    const stop = await nodes.b.listen(listener);
    try {
      await nodes.createRun('r1');
      await nodes.a.enqueue({ id: 'r1' });
      await nodes.store.appendEvent(sampleEvent('r1', 0));
      await nodes.store.appendEvent(sampleEvent('r1', 1));
      await nodes.a.requestCancel('r1');
      await nodes.a.announceEnd('r1');
      await heard;
      expect(log).toEqual(['queued', 'event r1:0', 'event r1:1', 'cancel r1', 'end r1']);
      expect(await nodes.a.counts()).toEqual({ running: 0, queued: 1 });
    } finally {
      await stop();
      await nodes.close();
    }
  });

  it('hears again after its listening connection is cut, and says anything may have been missed', async () => {
    const nodes = await world();
    const { log, heard, listener } = clusterRecorder((lines) => lines.includes('end r1'));
    const stop = await nodes.b.listen(listener);
    try {
      await nodes.createRun('r1');
      // The server ends every LISTEN session of this file's database (as a restart or a failover
      // would); the cluster's other databases belong to other test files.
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: server?.url ?? '' });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await admin.end();
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (log.includes('reconnect')) {
            clearInterval(check);
            resolve();
          }
        }, 20);
      });
      await nodes.a.announceEnd('r1');
      await heard;
      expect(log).toContain('reconnect');
    } finally {
      await stop();
      await nodes.close();
    }
  });
});
