import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../contract/index.js';
import { emptyClaims } from '../contract/index.js';
import { type RunRecord, type RunStore, StoreError } from '../store/index.js';
import type { PendingInput } from './input-waits.js';

/** What changing a waiting run needs: the store, the clock, and where stored events go live. */
export interface WaitingRunOptions {
  store: RunStore;
  now: () => Date;
  publish: (event: ResearchEvent) => void;
}

/** A run as read at one moment: its record and its events (indexes 0 … `events.length - 1`). */
export interface RunSnapshot {
  record: RunRecord;
  events: readonly ResearchEvent[];
}

/**
 * Stores one event right after the snapshot's last (then publishes it), as the engine's events
 * are; undefined when another writer (a node answering, expiring or cancelling the same run)
 * stored one there first: the store refuses an index already taken, so of writers that read the
 * same snapshot exactly one goes on.
 */
export async function appendAfter(
  options: WaitingRunOptions,
  snapshot: RunSnapshot,
  payload: ResearchEventPayload,
): Promise<ResearchEvent | undefined> {
  const event = {
    ...payload,
    runId: snapshot.record.id,
    index: snapshot.events.length,
    at: options.now().toISOString(),
    step: 0,
  } as ResearchEvent;
  try {
    await options.store.appendEvent(event);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'event_out_of_order') return undefined;
    throw error;
  }
  options.publish(event);
  return event;
}

/**
 * Ends a run that waited for input without getting it: a `run-end` (cancelled, with `stopReason`
 * saying why: `input_timeout` or `cancelled`) is stored and the run's result says the same.
 * Undefined when another writer changed the run first.
 */
export async function endWaitingRun(
  options: WaitingRunOptions,
  snapshot: RunSnapshot,
  ending: { stopReason: 'input_timeout' | 'cancelled'; pending: PendingInput | undefined },
): Promise<RunRecord | undefined> {
  const { record } = snapshot;
  const run: RunEnding = {
    status: 'cancelled',
    stopReason: ending.stopReason,
    answer: '',
    references: [],
    claims: emptyClaims(),
    words: 0,
    usage: record.usage,
    llmCalls: record.metrics.llmCalls,
    steps: record.metrics.steps,
    durationMs: ending.pending?.elapsedMs ?? 0,
  };
  if (!(await appendAfter(options, snapshot, { type: 'run-end', ...run }))) return undefined;
  return options.store.updateRun(record.id, {
    status: 'cancelled',
    endedAt: options.now().toISOString(),
    result: { runId: record.id, question: record.question, ...run },
  });
}
