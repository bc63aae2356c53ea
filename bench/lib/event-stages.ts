/**
 * Where an event's delivery time goes in bench/server-load.ts: each event's path from its emit (its
 * `at`, stamped where the engine runs) to its receipt by the SSE client is cut into stages, timed
 * on one clock (the machine's wall clock, shared by the threads and processes of the bench):
 *
 * - `emitToArrival`: emit → the event's message reaches the HTTP thread (research threads only);
 * - `arrivalToBatch`: → its batch's SQLite transaction starts (the batcher's wait);
 * - `batchWrite`: the transaction itself;
 * - `commitToClient`: commit → the client reads it (publish, SSE write, socket, client process).
 *
 * Reported for all events (p50, p99) and as the mean of each stage over the slowest 1% of events,
 * which is what a p99 is made of.
 */
import type { Worker } from 'node:worker_threads';
import { summarizeFigures } from '../../src/contract/index.js';
import type { EventWrite, RunStore } from '../../src/store/index.js';

/** An event as the client saw it. */
export interface ClientReceipt {
  runId: string;
  index: number;
  type: string;
  at: number;
  received: number;
}

interface Stamps {
  arrived?: number;
  batchStart?: number;
  committed?: number;
}

const keyOf = (runId: string, index: number) => `${runId}#${index}`;

/** Records the server-side stamps; `report` joins them with the client's receipts. */
export function createEventStages() {
  const stamps = new Map<string, Stamps>();
  const stampsOf = (key: string) => {
    let entry = stamps.get(key);
    if (!entry) {
      entry = {};
      stamps.set(key, entry);
    }
    return entry;
  };
  return {
    /** Stamps each event message of a research thread as it reaches this (the HTTP) thread. */
    watchThread(worker: Worker): Worker {
      worker.on('message', (message: { type: string; runId?: string; event?: { index: number } }) => {
        if (message.type === 'event' && message.runId && message.event) {
          stampsOf(keyOf(message.runId, message.event.index)).arrived ??= Date.now();
        }
      });
      return worker;
    },
    /** Wraps the store's batched write so that each event's batch start and commit are stamped. */
    watchStore(store: RunStore): void {
      const write = store.writeEvents.bind(store);
      store.writeEvents = async (writes: readonly EventWrite[]) => {
        const started = Date.now();
        const outcomes = await write(writes);
        const committed = Date.now();
        for (const { event } of writes) {
          const entry = stampsOf(keyOf(event.runId, event.index));
          entry.batchStart = started;
          entry.committed = committed;
        }
        return outcomes;
      };
    },
    /** The stages' figures over the events the client received. */
    report(receipts: readonly ClientReceipt[]) {
      const rows = receipts.map((receipt) => {
        const entry = stamps.get(keyOf(receipt.runId, receipt.index)) ?? {};
        const arrival = entry.arrived ?? receipt.at;
        return {
          type: receipt.type,
          total: receipt.received - receipt.at,
          emitToArrival: arrival - receipt.at,
          arrivalToBatch: (entry.batchStart ?? arrival) - arrival,
          batchWrite: (entry.committed ?? arrival) - (entry.batchStart ?? arrival),
          commitToClient: receipt.received - (entry.committed ?? arrival),
          second: (first: number) => String(Math.floor((receipt.at - first) / 1000)),
        };
      });
      const stages = ['emitToArrival', 'arrivalToBatch', 'batchWrite', 'commitToClient'] as const;
      const slowest = [...rows].sort((a, b) => b.total - a.total).slice(0, Math.ceil(rows.length / 100));
      const mean = (values: number[]) =>
        Math.round(values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1));
      const types: Record<string, number> = {};
      for (const row of slowest) types[row.type] = (types[row.type] ?? 0) + 1;
      // When the slowest were emitted, in seconds after the first event: a burst shows as one second.
      const first = Math.min(...receipts.map((receipt) => receipt.at));
      const seconds: Record<string, number> = {};
      for (const row of slowest) seconds[row.second(first)] = (seconds[row.second(first)] ?? 0) + 1;
      return {
        stages: Object.fromEntries(
          stages.map((stage) => {
            const figures = summarizeFigures(rows.map((row) => row[stage]));
            return [stage, { p50: figures.p50, p99: figures.p99 }];
          }),
        ),
        slowestPercent: {
          count: slowest.length,
          meanMs: Object.fromEntries(
            ['total', ...stages].map((stage) => [
              stage,
              mean(slowest.map((row) => row[stage as keyof typeof row] as number)),
            ]),
          ),
          types,
          emittedAtSecond: seconds,
        },
      };
    },
  };
}
