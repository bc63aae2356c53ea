import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createMemoryStore, type EventWrite, type RunStore, StoreError } from '../store/index.js';
import { sampleEvent } from '../testing/vitest/run-store-contract.js';
import { createEventBatcher } from './event-batcher.js';

/**
 * A memory store whose `writeEvents` records each batch and, while `held`, waits to be let go:
 * the writes that arrive meanwhile show whether they wait for the next batch or are lost.
 */
function recordingStore() {
  const store = createMemoryStore();
  const batches: string[][] = [];
  let held = false;
  let release = () => {};
  let failNext: Error | undefined;
  const recording: RunStore = {
    ...store,
    async writeEvents(writes: readonly EventWrite[]) {
      batches.push(writes.map(({ event }) => `${event.runId}:${event.index}`));
      await new Promise<void>((resolve) => {
        if (held) release = resolve;
        else setImmediate(resolve);
      });
      const failure = failNext;
      failNext = undefined;
      if (failure) throw failure;
      return store.writeEvents(writes);
    },
  };
  return {
    store: recording,
    batches,
    hold: () => {
      held = true;
    },
    letGo: () => {
      held = false;
      release();
    },
    failNextBatch: (error: Error) => {
      failNext = error;
    },
  };
}

const runs = ['a', 'b', 'c'];
const create = (store: RunStore, id: string) =>
  store.createRun({ id, question: `question ${id}`, options: {}, createdAt: '2026-12-01T08:00:00.000Z' });
const indexes = async (store: RunStore, id: string) =>
  (await store.listEvents(id)).map((event: ResearchEvent) => event.index);

describe('createEventBatcher', () => {
  it("writes the events of every run written in one tick in one store call, each run's in order", async () => {
    const { store, batches } = recordingStore();
    for (const id of runs) await create(store, id);
    const batcher = createEventBatcher(store);
    const written: Promise<void>[] = [];
    for (let index = 0; index < 3; index++) {
      for (const id of runs) written.push(batcher.write({ event: sampleEvent(id, index) }));
    }
    await Promise.all(written);
    expect(batches).toEqual([['a:0', 'b:0', 'c:0', 'a:1', 'b:1', 'c:1', 'a:2', 'b:2', 'c:2']]);
    for (const id of runs) expect(await indexes(store, id)).toEqual([0, 1, 2]);
  });

  it('keeps what arrives while a batch is being written for the next batch, dropping nothing', async () => {
    const { store, batches, hold, letGo } = recordingStore();
    for (const id of runs) await create(store, id);
    const batcher = createEventBatcher(store);
    hold();
    const first = runs.map((id) => batcher.write({ event: sampleEvent(id, 0) }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a:0', 'b:0', 'c:0']]);
    // The first batch is under way: these wait, in order, for the next one.
    const later = [
      batcher.write({ event: sampleEvent('b', 1) }),
      batcher.write({ event: sampleEvent('a', 1) }),
      batcher.write({ event: sampleEvent('b', 2) }),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    letGo();
    await Promise.all([...first, ...later]);
    expect(batches).toEqual([
      ['a:0', 'b:0', 'c:0'],
      ['b:1', 'a:1', 'b:2'],
    ]);
    expect(await indexes(store, 'a')).toEqual([0, 1]);
    expect(await indexes(store, 'b')).toEqual([0, 1, 2]);
    expect(await indexes(store, 'c')).toEqual([0]);
  });

  it("fails a refused write alone with the store's error, and every write of a batch the store could not write", async () => {
    const { store, failNextBatch } = recordingStore();
    for (const id of runs) await create(store, id);
    const batcher = createEventBatcher(store);
    const results = await Promise.allSettled([
      batcher.write({ event: sampleEvent('a', 0) }),
      batcher.write({ event: sampleEvent('a', 5) }),
      batcher.write({ event: sampleEvent('b', 0) }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'event_out_of_order' });
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StoreError);

    failNextBatch(new Error('disk full'));
    const failed = await Promise.allSettled([
      batcher.write({ event: sampleEvent('a', 1) }),
      batcher.write({ event: sampleEvent('c', 0) }),
    ]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    // The batcher goes on after a failed batch.
    await batcher.write({ event: sampleEvent('a', 1) });
    expect(await indexes(store, 'a')).toEqual([0, 1]);
    expect(await indexes(store, 'c')).toEqual([]);
  });
});
