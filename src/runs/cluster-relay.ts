import type { RunCluster, RunStore } from '../store/index.js';
import type { EventHub } from './event-hub.js';

/**
 * Brings the events of runs executing on other nodes to this node's listeners: an announcement
 * (`run id`, `index`) of a run someone here follows reads the new events from the store by index
 * and publishes them, in order, one read at a time per run; an announced end ends the listeners.
 * Listeners may get an event twice (from here and from a run executing on this node); followers
 * keep each index once. Resolves once listening, with the function that stops.
 */
export async function relayClusterEvents(options: {
  cluster: RunCluster;
  store: RunStore;
  hub: EventHub;
  /** A client asked (on any node) to cancel the run. */
  onCancel: (runId: string) => void;
  /** A node queued a run. */
  onQueued: () => void;
}): Promise<() => Promise<void>> {
  const { store, hub } = options;
  /** Highest index published here, per followed run. */
  const published = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();
  const inOrder = (runId: string, work: () => Promise<void>) => {
    const next = (chains.get(runId) ?? Promise.resolve()).then(work).catch(() => {
      // A failed read is caught up by the next announcement, or by the follower's final read.
    });
    chains.set(runId, next);
    void next.then(() => {
      if (chains.get(runId) === next) chains.delete(runId);
    });
  };
  const catchUp = async (runId: string, after: number) => {
    for (const event of await store.listEvents(runId, { after })) {
      hub.publish(event);
      published.set(runId, event.index);
    }
  };
  const followed = (runId: string) => {
    if (hub.listenerCount(runId) > 0) return true;
    published.delete(runId);
    return false;
  };

  return options.cluster.listen({
    onEvent(runId, index) {
      if (!followed(runId)) return;
      inOrder(runId, async () => {
        const after = published.get(runId) ?? index - 1;
        if (index > after) await catchUp(runId, after);
      });
    },
    onEnd(runId) {
      inOrder(runId, async () => {
        published.delete(runId);
        hub.end(runId);
      });
    },
    onCancel: options.onCancel,
    onQueued: options.onQueued,
    onReconnect() {
      options.onQueued();
      for (const runId of hub.followedRuns()) {
        inOrder(runId, async () => {
          await catchUp(runId, published.get(runId) ?? -1);
          const record = await store.getRun(runId);
          if (record?.status !== 'queued' && record?.status !== 'running') hub.end(runId);
        });
      }
    },
  });
}
