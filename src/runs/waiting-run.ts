import type { ResearchEvent, ResearchEventPayload, RunEnding } from '../contract/index.js';
import { emptyClaims } from '../contract/index.js';
import type { RunRecord, RunStore } from '../store/index.js';
import type { PendingInput } from './input-waits.js';

/** What changing a waiting run needs: the store, the clock, and where stored events go live. */
export interface WaitingRunOptions {
  store: RunStore;
  now: () => Date;
  publish: (event: ResearchEvent) => void;
}

/** Stores one event after the run's last (then publishes it), as the engine's events are. */
export async function appendRunEvent(
  options: WaitingRunOptions,
  record: RunRecord,
  payload: ResearchEventPayload,
): Promise<ResearchEvent> {
  const event = {
    ...payload,
    runId: record.id,
    index: record.eventCount,
    at: options.now().toISOString(),
    step: 0,
  } as ResearchEvent;
  await options.store.appendEvent(event);
  options.publish(event);
  return event;
}

/**
 * Ends a run that waited for input without getting it: a `run-end` (cancelled, with `stopReason`
 * saying why: `input_timeout` or `cancelled`) is stored and the run's result says the same.
 */
export async function endWaitingRun(
  options: WaitingRunOptions,
  record: RunRecord,
  ending: { stopReason: 'input_timeout' | 'cancelled'; pending: PendingInput | undefined },
): Promise<RunRecord> {
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
  await appendRunEvent(options, record, { type: 'run-end', ...run });
  return options.store.updateRun(record.id, {
    status: 'cancelled',
    endedAt: options.now().toISOString(),
    result: { runId: record.id, question: record.question, ...run },
  });
}
