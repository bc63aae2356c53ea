import { describe, expect, it } from 'vitest';
import { clusterRecorder, runClusterContract } from '../testing/vitest/run-cluster-contract.js';
import { createInProcessCluster } from './in-process-cluster.js';
import { createMemoryStore } from './memory-store.js';

runClusterContract('in-process', async () => {
  const store = createMemoryStore();
  const node = createInProcessCluster({ store });
  return {
    store,
    node,
    async close() {
      await node.close();
      await store.close();
    },
  };
});

const createdAt = '2026-11-27T08:00:00.000Z';

describe('in-process cluster', () => {
  it('leaves a run it gives up interrupted: no other node is there to continue it', async () => {
    const store = createMemoryStore();
    await store.createRun({ id: 'cut', question: 'q', options: {}, createdAt });
    const node = createInProcessCluster({ store });
    await node.enqueue({ id: 'cut' });
    expect((await node.take({ limit: 1 })).map((run) => run.runId)).toEqual(['cut']);
    await store.updateRun('cut', { status: 'running' });
    await node.release('cut');
    expect((await store.getRun('cut'))?.status).toBe('interrupted');
    expect(await node.take({ limit: 1 })).toEqual([]);
  });

  it('at start-up marks interrupted the runs a crash left queued or running, never one it has', async () => {
    const store = createMemoryStore();
    for (const id of ['cut-queued', 'cut-running', 'done', 'mine'])
      await store.createRun({ id, question: 'q', options: {}, createdAt });
    await store.updateRun('cut-running', { status: 'running' });
    await store.updateRun('done', { status: 'completed' });
    const node = createInProcessCluster({ store });
    await node.enqueue({ id: 'mine' });
    expect((await node.recover()).sort()).toEqual(['cut-queued', 'cut-running']);
    expect((await store.getRun('cut-running'))?.status).toBe('interrupted');
    expect((await store.getRun('done'))?.status).toBe('completed');
    expect((await store.getRun('mine'))?.status).toBe('queued');
  });

  it('leaves the runs still queued when it closes interrupted, and says they ended', async () => {
    const store = createMemoryStore();
    for (const id of ['running', 'waiting'])
      await store.createRun({ id, question: 'q', options: {}, createdAt });
    const node = createInProcessCluster({ store });
    const { log, listener } = clusterRecorder(() => false);
    await node.listen(listener);
    for (const id of ['running', 'waiting']) await node.enqueue({ id });
    expect((await node.take({ limit: 1 })).map((run) => run.runId)).toEqual(['running']);
    await node.close();
    expect((await store.getRun('waiting'))?.status).toBe('interrupted');
    expect((await store.getRun('running'))?.status).toBe('queued');
    expect(log.filter((line) => line.startsWith('end'))).toEqual(['end waiting']);
  });
});
