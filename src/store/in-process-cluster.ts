import { randomUUID } from 'node:crypto';
import type { ClaimedRun, ClusterListener, RunCluster } from './cluster.js';
import { OwnerQueues } from './owner-queues.js';
import type { RunStore } from './types.js';

/** Runs read per page when start-up looks for runs a crash cut off. */
const RECOVER_PAGE = 100;

/**
 * The cluster of one node, in this process: a single server (SQLite or memory), the eval runner and
 * library users take the same path as the nodes of a Postgres cluster. The store keeps each run's
 * status; the queue (owners taking turns, see `OwnerQueues`), the holds and the cancel requests live
 * here and go with the process, so at start-up the runs a crash left queued or running are marked
 * interrupted (`recover`).
 */
export function createInProcessCluster(options: { store: RunStore; nodeId?: string }): RunCluster {
  const { store } = options;
  const nodeId = options.nodeId ?? `local-${randomUUID().slice(0, 8)}`;
  const queues = new OwnerQueues();
  const cancelAsked = new Set<string>();
  // One node that never presumes itself dead: a run is taken once per queueing; counted all the same.
  let claims = 0;
  const listeners = new Set<ClusterListener>();
  const tell = (notify: (listener: ClusterListener) => void) => {
    for (const listener of [...listeners]) notify(listener);
  };
  const enqueue = (runId: string, owner: string | undefined) => {
    queues.add(runId, owner);
    tell((listener) => listener.onQueued());
  };

  /** Holds the next run whose owner's turn it is; undefined when none is left. */
  const claimNext = async (maxRunningPerOwner: number | undefined): Promise<ClaimedRun | undefined> => {
    // Held before the store is read: a cancel in between finds it held and asks instead.
    const runId = queues.holdNext(maxRunningPerOwner);
    if (runId === undefined) return undefined;
    const record = await store.getRun(runId);
    if (record?.status !== 'queued') {
      queues.drop(runId);
      return claimNext(maxRunningPerOwner);
    }
    claims += 1;
    return { runId, eventCount: record.eventCount, cancelRequested: cancelAsked.has(runId), claim: claims };
  };

  return {
    nodeId,
    async enqueue(run) {
      enqueue(run.id, run.owner);
    },
    async take(request) {
      const claimed: ClaimedRun[] = [];
      while (claimed.length < request.limit) {
        const next = await claimNext(request.maxRunningPerOwner);
        if (!next) break;
        claimed.push(next);
      }
      return claimed;
    },
    async queuedOf(owner) {
      return queues.waitingOf(owner);
    },
    async release(runId) {
      if (!queues.drop(runId)) return;
      // No other node to continue it: it resumes on request (after a restart).
      await store.updateRun(runId, { status: 'interrupted' });
    },
    async letGo(runId) {
      if (!queues.drop(runId)) return;
      // Answered before this node let go: queued by the answer while held, so not taken then.
      const record = await store.getRun(runId);
      if (record?.status === 'queued') enqueue(runId, record.owner);
    },
    async cancelQueued(runId) {
      if (queues.isHeld(runId)) return false;
      const record = await store.getRun(runId);
      if (record?.status !== 'queued' || queues.isHeld(runId)) return false;
      queues.remove(runId);
      await store.updateRun(runId, { status: 'cancelled' });
      return true;
    },
    async held(runIds) {
      return runIds.filter((runId) => queues.isHeld(runId));
    },
    async requestCancel(runId) {
      cancelAsked.add(runId);
      tell((listener) => listener.onCancel(runId));
    },
    async cancelRequested(runIds) {
      return runIds.filter((runId) => cancelAsked.has(runId));
    },
    async announceEnd(runId) {
      cancelAsked.delete(runId);
      // A run that paused for input stays held until this node lets go of it (see letGo).
      const status = (await store.getRun(runId))?.status;
      if (status !== 'queued' && status !== 'running' && status !== 'needs_input') queues.drop(runId);
      tell((listener) => listener.onEnd(runId));
    },
    async heartbeat() {
      // One node, alive as long as the process: nothing to record.
    },
    async reclaimOrphans() {
      return [];
    },
    async recover() {
      const cutOff: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listRuns({ status: ['queued', 'running'], limit: RECOVER_PAGE, cursor });
        for (const run of page.runs) if (!queues.has(run.id)) cutOff.push(run.id);
        cursor = page.nextCursor;
      } while (cursor);
      for (const runId of cutOff) await store.updateRun(runId, { status: 'interrupted' });
      return cutOff;
    },
    async counts() {
      return queues.counts();
    },
    async listen(listener) {
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
      };
    },
    async close() {
      // No node is left to take what waits: it resumes on request after a restart.
      for (const runId of queues.clearWaiting()) {
        if ((await store.getRun(runId))?.status !== 'queued') continue;
        await store.updateRun(runId, { status: 'interrupted' });
        tell((listener) => listener.onEnd(runId));
      }
      listeners.clear();
    },
  };
}
