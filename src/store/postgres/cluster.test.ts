import { afterAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../../testing/vitest/postgres-cluster.js';
import { sampleEvent } from '../../testing/vitest/run-store-contract.js';
import type { ClusterListener } from '../cluster.js';
import { openPostgresCluster } from './cluster.js';
import { openPostgresStore } from './postgres-store.js';

const started = await startPostgresCluster();
const server: PostgresCluster | undefined = 'url' in started ? started : undefined;
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

/** Records what a node hears, and resolves `heard` once `until` says enough. */
function recorder(until: (log: string[]) => boolean) {
  const log: string[] = [];
  let done = () => {};
  const heard = new Promise<void>((resolve) => {
    done = resolve;
  });
  const note = (line: string) => {
    log.push(line);
    if (until(log)) done();
  };
  const listener: ClusterListener = {
    onEvent: (runId, index) => note(`event ${runId}:${index}`),
    onEnd: (runId) => note(`end ${runId}`),
    onCancel: (runId) => note(`cancel ${runId}`),
    onQueued: () => note('queued'),
    onReconnect: () => note('reconnect'),
  };
  return { log, heard, listener };
}

describe.skipIf(!server)('Postgres cluster', () => {
  it('hands a queued run to one worker only, however many take and claim it', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('r1');
      await nodes.a.enqueue('r1');
      // The same run queued twice (at-least-once): two jobs, one claim.
      await nodes.b.enqueue('r1');
      const [fromA, fromB] = await Promise.all([nodes.a.take(5), nodes.b.take(5)]);
      const jobs = [...fromA, ...fromB];
      expect(jobs.map((job) => job.runId)).toEqual(['r1', 'r1']);
      const claims = await Promise.all([nodes.a.claim('r1'), nodes.b.claim('r1')]);
      expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
      await Promise.all([nodes.a.done(fromA), nodes.b.done(fromB)]);
      expect(await nodes.a.take(5)).toEqual([]);
      // A run that is not queued (it ended) is never claimed.
      await nodes.createRun('r2');
      await nodes.store.updateRun('r2', { status: 'completed' });
      expect(await nodes.a.claim('r2')).toEqual({ claimed: false });
      expect(await nodes.a.claim('missing')).toEqual({ claimed: false });
    } finally {
      await nodes.close();
    }
  });

  it('lets go of a run that paused for input, so another worker claims it once answered, even when answered first', async () => {
    const nodes = await world();
    try {
      for (const id of ['later', 'sooner']) {
        await nodes.createRun(id);
        expect(await nodes.a.claim(id)).toMatchObject({ claimed: true });
        await nodes.store.updateRun(id, { status: 'needs_input' });
      }
      // Answered after node a let go: queued by the answer, claimed by b.
      await nodes.a.letGo('later');
      await nodes.store.updateRun('later', { status: 'queued' });
      await nodes.b.enqueue('later');
      expect((await nodes.b.take(5)).map((job) => job.runId)).toEqual(['later']);
      expect(await nodes.b.claim('later')).toMatchObject({ claimed: true });
      // Answered before node a let go: the answer's job finds it held and is dropped; letting go queues it again.
      await nodes.store.updateRun('sooner', { status: 'queued' });
      await nodes.b.enqueue('sooner');
      const dropped = await nodes.b.take(5);
      expect(await nodes.b.claim('sooner')).toEqual({ claimed: false });
      await nodes.b.done(dropped);
      await nodes.a.letGo('sooner');
      expect((await nodes.b.take(5)).map((job) => job.runId)).toEqual(['sooner']);
      expect(await nodes.b.claim('sooner')).toMatchObject({ claimed: true });
    } finally {
      await nodes.close();
    }
  });

  it('hands out again the job of a node that took it and stopped before claiming its run', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('taken');
      await nodes.a.enqueue('taken');
      expect((await nodes.a.take(5)).map((job) => job.runId)).toEqual(['taken']);
      // Node a stops here: no claim, no done. Its job expires and pg-boss's maintenance hands it out.
      let again: string[] = [];
      while (again.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        again = (await nodes.b.take(5)).map((job) => job.runId);
      }
      expect(again).toEqual(['taken']);
      expect(await nodes.b.claim('taken')).toMatchObject({ claimed: true });
    } finally {
      await nodes.close();
    }
  }, 60_000);

  it('gives the runs of a worker that stopped beating back to the queue, never those of a live one', async () => {
    // Node a must still count as live over the few queries after its heartbeat, however busy the machine.
    const nodes = await world(3_000);
    try {
      await nodes.createRun('held');
      await nodes.a.heartbeat({ slots: 1, running: 1 });
      expect(await nodes.a.claim('held')).toMatchObject({ claimed: true, eventCount: 0 });
      await nodes.store.updateRun('held', { status: 'running' });
      await nodes.store.appendEvent(sampleEvent('held', 0));
      await nodes.b.heartbeat({ slots: 1, running: 0 });
      expect(await nodes.b.reclaimOrphans()).toEqual([]);
      expect(await nodes.a.held(['held'])).toEqual(['held']);
      // Node a falls silent past the timeout.
      await new Promise((resolve) => setTimeout(resolve, 3_150));
      await nodes.b.heartbeat({ slots: 1, running: 0 });
      expect(await nodes.b.reclaimOrphans()).toEqual(['held']);
      expect(await nodes.a.held(['held'])).toEqual([]);
      expect((await nodes.store.getRun('held'))?.status).toBe('queued');
      const jobs = await nodes.b.take(1);
      expect(jobs.map((job) => job.runId)).toEqual(['held']);
      // Claimed again with the events it has: the new worker resumes from index 1.
      expect(await nodes.b.claim('held')).toMatchObject({ claimed: true, eventCount: 1 });
    } finally {
      await nodes.close();
    }
  });

  it('cancels a run no worker holds at once; a held one only by asking its worker', async () => {
    const nodes = await world();
    try {
      await nodes.createRun('waiting');
      expect(await nodes.a.cancelQueued('waiting')).toBe(true);
      expect((await nodes.store.getRun('waiting'))?.status).toBe('cancelled');
      expect(await nodes.b.claim('waiting')).toEqual({ claimed: false });

      await nodes.createRun('held');
      await nodes.b.heartbeat({ slots: 1, running: 1 });
      await nodes.b.claim('held');
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
    const { log, heard, listener } = recorder((lines) => lines.includes('end r1'));
    const stop = await nodes.b.listen(listener);
    try {
      await nodes.createRun('r1');
      await nodes.a.enqueue('r1');
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
    const { log, heard, listener } = recorder((lines) => lines.includes('end r1'));
    const stop = await nodes.b.listen(listener);
    try {
      await nodes.createRun('r1');
      // The server ends every LISTEN session (as a restart or a failover would).
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: server?.url ?? '' });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
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
