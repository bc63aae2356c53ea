import { randomUUID } from 'node:crypto';
import type { ClaimedRun, ClusterListener, RunCluster } from './cluster.js';
import type { RunStore } from './types.js';

/** Runs read per page when start-up looks for runs a crash cut off. */
const RECOVER_PAGE = 100;

/**
 * The cluster of one node, in this process: a single server (SQLite or memory), the eval runner and
 * library users take the same path as the nodes of a Postgres cluster. The store keeps each run's
 * status; the queue, the holds and the cancel requests live here and go with the process, so at
 * start-up the runs a crash left queued or running are marked interrupted (`recover`).
 */
export function createInProcessCluster(options: { store: RunStore; nodeId?: string }): RunCluster {
  const { store } = options;
  const nodeId = options.nodeId ?? `local-${randomUUID().slice(0, 8)}`;
  /** Runs waiting for a worker, oldest first. */
  const queue: string[] = [];
  const queued = new Set<string>();
  const held = new Set<string>();
  const cancelAsked = new Set<string>();
  const listeners = new Set<ClusterListener>();
  const tell = (notify: (listener: ClusterListener) => void) => {
    for (const listener of [...listeners]) notify(listener);
  };
  const unqueue = (runId: string) => {
    if (!queued.delete(runId)) return;
    queue.splice(queue.indexOf(runId), 1);
  };
  const enqueue = (runId: string) => {
    if (!queued.has(runId)) {
      queued.add(runId);
      queue.push(runId);
    }
    tell((listener) => listener.onQueued());
  };

  /** Holds the next queued run for this node; undefined when none is left or it is no longer queued. */
  const claimNext = async (): Promise<ClaimedRun | undefined> => {
    const runId = queue.shift();
    if (runId === undefined) return undefined;
    queued.delete(runId);
    if (held.has(runId)) return claimNext();
    // Held before the store is read: a cancel in between finds it held and asks instead.
    held.add(runId);
    const record = await store.getRun(runId);
    if (record?.status !== 'queued') {
      held.delete(runId);
      return claimNext();
    }
    return { runId, eventCount: record.eventCount, cancelRequested: cancelAsked.has(runId) };
  };

  return {
    nodeId,
    async enqueue(run) {
      enqueue(run.id);
    },
    async take(limit) {
      const claimed: ClaimedRun[] = [];
      while (claimed.length < limit) {
        const next = await claimNext();
        if (!next) break;
        claimed.push(next);
      }
      return claimed;
    },
    async release(runId) {
      if (!held.delete(runId)) return;
      // No other node to continue it: it resumes on request (after a restart).
      await store.updateRun(runId, { status: 'interrupted' });
    },
    async letGo(runId) {
      if (!held.delete(runId)) return;
      // Answered before this node let go: queued by the answer while held, so not taken then.
      if ((await store.getRun(runId))?.status === 'queued') enqueue(runId);
    },
    async cancelQueued(runId) {
      if (held.has(runId)) return false;
      const record = await store.getRun(runId);
      if (record?.status !== 'queued' || held.has(runId)) return false;
      unqueue(runId);
      await store.updateRun(runId, { status: 'cancelled' });
      return true;
    },
    async held(runIds) {
      return runIds.filter((runId) => held.has(runId));
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
      if (status !== 'queued' && status !== 'running' && status !== 'needs_input') held.delete(runId);
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
        for (const run of page.runs) if (!queued.has(run.id) && !held.has(run.id)) cutOff.push(run.id);
        cursor = page.nextCursor;
      } while (cursor);
      for (const runId of cutOff) await store.updateRun(runId, { status: 'interrupted' });
      return cutOff;
    },
    async counts() {
      return { running: held.size, queued: queue.length };
    },
    async listen(listener) {
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
      };
    },
    async close() {
      // No node is left to take what waits: it resumes on request after a restart.
      for (const runId of queue.splice(0)) {
        queued.delete(runId);
        if ((await store.getRun(runId))?.status !== 'queued') continue;
        await store.updateRun(runId, { status: 'interrupted' });
        tell((listener) => listener.onEnd(runId));
      }
      listeners.clear();
    },
  };
}
