import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClusterListener, RunCluster, RunStore } from '../../store/index.js';
import { sampleEvent } from './run-store-contract.js';

/** A node of a cluster over a fresh, empty store, and how to close both. */
export interface ClusterWorld {
  store: RunStore;
  node: RunCluster;
  close(): Promise<void>;
}

/** Records what a node hears; `heard` resolves once `until` says enough. */
export function clusterRecorder(until: (log: string[]) => boolean) {
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

/**
 * The behaviour every `RunCluster` has, seen from one node. Called from each implementation's test
 * file with a factory of a fresh world; what only many nodes show is tested there.
 */
export function runClusterContract(name: string, make: () => Promise<ClusterWorld>): void {
  describe(`RunCluster contract: ${name}`, () => {
    let world: ClusterWorld;
    let store: RunStore;
    let node: RunCluster;
    beforeEach(async () => {
      world = await make();
      ({ store, node } = world);
    });
    afterEach(() => world.close());

    const queue = async (id: string, owner?: string) => {
      await store.createRun({ id, question: 'q', options: {}, createdAt: '2026-11-27T08:00:00.000Z', owner });
      await node.enqueue({ id, owner });
    };
    /** Ids of the runs `take` hands out, in queue order (the order it lists them in is its own). */
    const taken = async (limit = 10) => (await node.take({ limit: limit })).map((run) => run.runId).sort();

    it('hands a queued run out once, however often it is queued; never one that is not queued', async () => {
      await queue('r1');
      await node.enqueue({ id: 'r1' });
      expect(await node.take({ limit: 5 })).toEqual([
        { runId: 'r1', eventCount: 0, cancelRequested: false, claim: expect.any(Number) },
      ]);
      expect(await taken()).toEqual([]);
      await queue('ended');
      await store.updateRun('ended', { status: 'completed' });
      await node.enqueue({ id: 'missing' });
      expect(await taken()).toEqual([]);
    });

    it('hands out no more than asked, the oldest first', async () => {
      for (const id of ['r1', 'r2', 'r3']) await queue(id);
      // Sorted by id, which here is the order they were queued in.
      expect(await taken(2)).toEqual(['r1', 'r2']);
      expect(await taken(2)).toEqual(['r3']);
    });

    it("hands a run out with its stored events' count and a cancel asked before it was taken", async () => {
      await queue('resumed');
      for (const index of [0, 1]) await store.appendEvent(sampleEvent('resumed', index));
      await node.requestCancel('resumed');
      expect(await node.take({ limit: 1 })).toEqual([
        { runId: 'resumed', eventCount: 2, cancelRequested: true, claim: expect.any(Number) },
      ]);
    });

    it('gives each take of a run a claim of its own, later takes greater ones', async () => {
      await queue('again');
      const [first] = await node.take({ limit: 1 });
      // Queued again while held (an answer to a pause): letting go hands it out once more.
      await store.updateRun('again', { status: 'queued' });
      await node.letGo('again');
      const [second] = await node.take({ limit: 1 });
      expect(second?.runId).toBe('again');
      expect(second?.claim).toBeGreaterThan(first?.claim ?? Number.POSITIVE_INFINITY);
    });

    it('cancels a run no worker holds at once; a held one only by asking its worker', async () => {
      await queue('waiting');
      expect(await node.cancelQueued('waiting')).toBe(true);
      expect((await store.getRun('waiting'))?.status).toBe('cancelled');
      expect(await taken()).toEqual([]);
      await queue('held');
      expect(await taken()).toEqual(['held']);
      expect(await node.cancelQueued('held')).toBe(false);
      expect(await node.cancelRequested(['held'])).toEqual([]);
      await node.requestCancel('held');
      expect(await node.cancelRequested(['held', 'other'])).toEqual(['held']);
    });

    it('says which runs it holds, until they end or it gives them up', async () => {
      for (const id of ['a', 'b']) await queue(id);
      expect(await taken()).toEqual(['a', 'b']);
      expect((await node.held(['a', 'b', 'c'])).sort()).toEqual(['a', 'b']);
      await store.updateRun('a', { status: 'completed' });
      await node.announceEnd('a');
      await store.updateRun('b', { status: 'interrupted' });
      await node.release('b');
      expect(await node.held(['a', 'b'])).toEqual([]);
    });

    it('lets go of a run that paused for input, so it is taken once answered, even when answered first', async () => {
      for (const id of ['later', 'sooner']) await queue(id);
      expect(await taken()).toEqual(['later', 'sooner']);
      for (const id of ['later', 'sooner']) await store.updateRun(id, { status: 'needs_input' });
      // Answered after the node let go: queued by the answer, taken.
      await node.letGo('later');
      await store.updateRun('later', { status: 'queued' });
      await node.enqueue({ id: 'later' });
      expect(await taken()).toEqual(['later']);
      // Answered before: the answer finds it held and is dropped; letting go queues it again.
      await store.updateRun('sooner', { status: 'queued' });
      await node.enqueue({ id: 'sooner' });
      expect(await taken()).toEqual([]);
      await node.letGo('sooner');
      expect(await taken()).toEqual(['sooner']);
    });

    it('counts the queued and running runs', async () => {
      for (const id of ['a', 'b', 'c']) await queue(id);
      expect(await taken(1)).toEqual(['a']);
      await store.updateRun('a', { status: 'running' });
      expect(await node.counts()).toEqual({ running: 1, queued: 2 });
    });

    it("takes owners' runs in turns: another owner's first run before one owner's backlog", async () => {
      for (const id of ['a1', 'a2', 'a3', 'a4']) await queue(id, 'token:a');
      expect(await taken(1)).toEqual(['a1']);
      await queue('b1', 'token:b');
      await queue('n1');
      // a holds one run: b and the runs without an owner come first, then a again.
      const order = (await node.take({ limit: 3 })).map((run) => run.runId);
      expect(order.slice(0, 2).sort()).toEqual(['b1', 'n1']);
      expect(order[2]).toBe('a2');
      expect(await taken()).toEqual(['a3', 'a4']);
    });

    it('gives the turn to the owner served longest ago when owners hold as many runs', async () => {
      for (const id of ['a1', 'a2', 'a3']) await queue(id, 'token:a');
      for (const id of ['b1', 'b2']) await queue(id, 'token:b');
      // One at a time, each taken run ending before the next take: a and b alternate from a.
      const order: string[] = [];
      for (let turn = 0; turn < 5; turn++) {
        const [run] = await node.take({ limit: 1 });
        if (!run) break;
        order.push(run.runId);
        await store.updateRun(run.runId, { status: 'completed' });
        await node.announceEnd(run.runId);
      }
      expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    });

    it("holds no more of one owner's runs than its cap, over every take, and counts what waits", async () => {
      for (const id of ['a1', 'a2', 'a3']) await queue(id, 'token:a');
      await queue('b1', 'token:b');
      expect(await taken(2)).toEqual(['a1', 'b1']);
      expect((await node.take({ limit: 5, maxRunningPerOwner: 1 })).map((run) => run.runId)).toEqual([]);
      expect(await node.queuedOf('token:a')).toBe(2);
      expect(await node.queuedOf('token:b')).toBe(0);
      expect(await node.queuedOf(undefined)).toBe(0);
      await store.updateRun('a1', { status: 'completed' });
      await node.announceEnd('a1');
      expect((await node.take({ limit: 5, maxRunningPerOwner: 1 })).map((run) => run.runId)).toEqual(['a2']);
      expect(await node.queuedOf('token:a')).toBe(1);
    });

    it('tells its listeners of queued runs, cancel requests and ends', async () => {
      const { log, heard, listener } = clusterRecorder((lines) => lines.includes('end r1'));
      const stop = await node.listen(listener);
      await queue('r1');
      await node.requestCancel('r1');
      await node.announceEnd('r1');
      await heard;
      expect(log).toEqual(['queued', 'cancel r1', 'end r1']);
      await stop();
    });
  });
}
