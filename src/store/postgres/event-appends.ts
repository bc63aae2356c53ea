import type pg from 'pg';
import type { ResearchEvent } from '../../contract/index.js';
import { StoreError } from '../errors.js';
import type { WriteFence } from '../types.js';

/** Events written in one statement at most (a run's backlog past it goes in the next one). */
const MAX_BATCH = 100;

/** The error of a write to a run held by another node (this one was presumed dead). */
export function notHeldError(runId: string): StoreError {
  return new StoreError(
    'run_not_held',
    `Run "${runId}" is held by another node now; this node stops writing to it.`,
  );
}

/** Whether the run's row is held by the fence's node under the fence's claim (a fence of neither: yes). */
export function fenceHolds(fence: WriteFence, row: { worker?: string | null; claim?: number }): boolean {
  if (fence.holder !== undefined && row.worker !== fence.holder) return false;
  return fence.claim === undefined || row.claim === fence.claim;
}

/** Whether two writes carry the same fence (and may go in one statement). */
export function sameFence(one: WriteFence | undefined, other: WriteFence | undefined): boolean {
  return one?.holder === other?.holder && one?.claim === other?.claim;
}

/**
 * Appends a run's events (indexes `first`, `first + 1`, …) in one statement, one round trip: the
 * run's `event_count` moves on only if it is `first` and (with a fence) the run is held by the
 * fence's node under the fence's claim; each event is announced on `channel` (`run id:index`) when it commits.
 * Refused appends are told apart afterwards, for their error.
 */
export async function appendBatch(
  query: (sql: string, values: unknown[]) => Promise<pg.QueryResult>,
  options: { events: readonly ResearchEvent[]; fence: WriteFence; channel: string },
): Promise<void> {
  const { events, fence } = options;
  const first = events[0] as ResearchEvent;
  const { rowCount } = await query(
    `WITH moved AS (
       UPDATE runs SET event_count = event_count + cardinality($3::text[])
       WHERE id = $1 AND event_count = $2 AND ($4::text IS NULL OR worker = $4)
         AND ($6::integer IS NULL OR claim = $6)
       RETURNING id
     ), inserted AS (
       INSERT INTO events (run_id, event_index, data)
       SELECT moved.id, $2 + batch.position - 1, batch.data
       FROM moved, unnest($3::text[]) WITH ORDINALITY AS batch(data, position)
       RETURNING event_index
     )
     SELECT pg_notify($5, $1 || ':' || event_index) FROM inserted ORDER BY event_index`,
    [
      first.runId,
      first.index,
      events.map((event) => JSON.stringify(event)),
      fence.holder ?? null,
      options.channel,
      fence.claim ?? null,
    ],
  );
  if (rowCount === events.length) return;
  const { rows } = await query('SELECT event_count, worker, claim FROM runs WHERE id = $1', [first.runId]);
  const row = rows[0] as { event_count: number; worker: string | null; claim: number } | undefined;
  if (!row) throw new StoreError('run_not_found', `No run with id "${first.runId}".`);
  if (!fenceHolds(fence, row)) throw notHeldError(first.runId);
  throw new StoreError(
    'event_out_of_order',
    `Event ${first.index} of run "${first.runId}" does not follow event ${row.event_count - 1}.`,
  );
}

interface PendingAppend {
  event: ResearchEvent;
  fence: WriteFence;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Appends events run by run, in call order, a run's waiting ones together. */
export interface EventAppends {
  append(event: ResearchEvent, fence: WriteFence): Promise<void>;
  /** Resolves once every append made so far has settled. */
  idle(): Promise<void>;
}

/**
 * Appends in call order per run. While a run's write is under way its next events wait; then all
 * that follow one another (same fence, consecutive indexes) go in one statement, so a run whose
 * engine emits faster than the database answers catches up in one round trip instead of falling
 * further behind. A refused batch is written again one event at a time: only the bad event fails.
 */
export function createEventAppends(options: {
  query: (sql: string, values: unknown[]) => Promise<pg.QueryResult>;
  channel: string;
}): EventAppends {
  const waiting = new Map<string, PendingAppend[]>();
  const writing = new Map<string, Promise<void>>();

  const takeBatch = (queue: PendingAppend[]): PendingAppend[] => {
    const batch = [queue.shift() as PendingAppend];
    for (let next = queue[0]; next && batch.length < MAX_BATCH; next = queue[0]) {
      const last = batch[batch.length - 1] as PendingAppend;
      if (next.event.index !== last.event.index + 1 || !sameFence(next.fence, last.fence)) break;
      batch.push(queue.shift() as PendingAppend);
    }
    return batch;
  };

  const write = async (batch: PendingAppend[]) => {
    const first = batch[0] as PendingAppend;
    try {
      await appendBatch(options.query, {
        events: batch.map((entry) => entry.event),
        fence: first.fence,
        channel: options.channel,
      });
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1 || !(error instanceof StoreError)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // Refused as a whole: the first goes alone (and gets the error if it is the bad one).
      await write([first]);
      return batch.slice(1);
    }
  };

  const drain = async (runId: string) => {
    const queue = waiting.get(runId) ?? [];
    while (queue.length > 0) {
      const retry = await write(takeBatch(queue));
      if (retry) queue.unshift(...retry);
    }
    waiting.delete(runId);
    writing.delete(runId);
  };

  return {
    append(event, fence) {
      return new Promise<void>((resolve, reject) => {
        const queue = waiting.get(event.runId) ?? [];
        queue.push({ event, fence, resolve, reject });
        waiting.set(event.runId, queue);
        if (!writing.has(event.runId)) writing.set(event.runId, drain(event.runId));
      });
    },
    async idle() {
      await Promise.all([...writing.values()]);
    },
  };
}
