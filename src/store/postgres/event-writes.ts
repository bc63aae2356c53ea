import type pg from 'pg';
import { StoreError } from '../errors.js';
import type { EventWrite, EventWriteOutcome } from '../types.js';
import { appendBatch, sameFence } from './event-appends.js';

type Query = (sql: string, values: unknown[]) => Promise<pg.QueryResult>;

/**
 * The positions of `writes` cut into runs of appends one statement can make: the same run and
 * fence, consecutive indexes, in the order given.
 */
function segments(writes: readonly EventWrite[]): number[][] {
  const open = new Map<string, number[]>();
  const all: number[][] = [];
  writes.forEach((write, position) => {
    const segment = open.get(write.event.runId);
    const last = segment && writes[segment[segment.length - 1] as number];
    if (segment && last?.event.index === write.event.index - 1 && sameFence(last.fence, write.fence)) {
      segment.push(position);
      return;
    }
    const started = [position];
    open.set(write.event.runId, started);
    all.push(started);
  });
  return all;
}

/** Appends the writes at `positions` in one statement; a refused one is written event by event. */
async function appendSegment(
  query: Query,
  options: { writes: readonly EventWrite[]; positions: number[]; channel: string },
): Promise<EventWriteOutcome[]> {
  const { writes, positions, channel } = options;
  const append = async (at: number[]): Promise<EventWriteOutcome> => {
    const first = writes[at[0] as number] as EventWrite;
    try {
      const events = at.map((position) => (writes[position] as EventWrite).event);
      await appendBatch(query, { events, fence: first.fence ?? {}, channel });
      return undefined;
    } catch (error) {
      if (error instanceof StoreError) return error;
      throw error;
    }
  };
  const together = await append(positions);
  if (!together) return positions.map(() => undefined);
  if (positions.length === 1) return [together];
  // Refused as a whole: each goes alone, so only the bad one fails.
  const outcomes: EventWriteOutcome[] = [];
  for (const position of positions) outcomes.push(await append([position]));
  return outcomes;
}

/** Stores what a stored event carries: the sources its read names, its evaluation. */
async function storeCarried(query: Query, write: EventWrite): Promise<void> {
  const { runId } = write.event;
  for (const source of write.sources ?? []) {
    await query(
      `INSERT INTO run_sources (run_id, url, data) VALUES ($1, $2, $3)
       ON CONFLICT (run_id, url) DO UPDATE SET data = EXCLUDED.data`,
      [runId, source.url, JSON.stringify(source)],
    );
  }
  if (write.evaluation) {
    await query(
      `INSERT INTO evaluations (run_id, event_index, data) VALUES ($1, $2, $3)
       ON CONFLICT (run_id, event_index) DO UPDATE SET data = EXCLUDED.data`,
      [runId, write.evaluation.eventIndex, JSON.stringify(write.evaluation)],
    );
  }
}

/**
 * Writes events of many runs on one connection inside the caller's transaction: each run's
 * consecutive events in one statement (each announced on `channel` at commit), then what the stored
 * ones carry. Outcomes in the order of `writes`; a database error rejects (the caller rolls back).
 */
export async function writeEventsOn(
  query: Query,
  options: { writes: readonly EventWrite[]; channel: string },
): Promise<EventWriteOutcome[]> {
  const { writes, channel } = options;
  const outcomes: EventWriteOutcome[] = writes.map(() => undefined);
  for (const positions of segments(writes)) {
    const results = await appendSegment(query, { writes, positions, channel });
    positions.forEach((position, offset) => {
      outcomes[position] = results[offset];
    });
  }
  for (const [position, write] of writes.entries()) {
    if (!outcomes[position]) await storeCarried(query, write);
  }
  return outcomes;
}
