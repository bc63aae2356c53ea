import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { foldRunEvents } from '../contract/index.js';
import type { RunRecord, RunUpdate } from '../store/index.js';

/** The final state of a run whose stored events already end it. */
export interface StoredEnding {
  update: RunUpdate & { status: NonNullable<RunUpdate['status']>; endedAt: string };
  /** The run's result, when it ended with a `run-end` (not a `run-error`). */
  result?: ResearchResult;
}

/**
 * The ending a run's stored events already hold: its node stored the `run-end` (or `run-error`)
 * and stopped before storing the run's final state (a worker SIGKILLed, a crash). Resuming such a
 * run must only store that state: running the engine again would write a second run after the end.
 */
export function storedEnding(
  record: Pick<RunRecord, 'id' | 'question'>,
  events: readonly ResearchEvent[],
): StoredEnding | undefined {
  const last = events.at(-1);
  if (last?.type !== 'run-end' && last?.type !== 'run-error') return undefined;
  const { metrics, usage } = foldRunEvents(events);
  if (last.type === 'run-error') {
    const error = { code: last.code, message: last.message };
    return { update: { status: 'failed', endedAt: last.at, metrics, usage, error } };
  }
  const { type: _type, runId: _runId, index: _index, at, step: _step, ...ending } = last;
  const result: ResearchResult = { runId: record.id, question: record.question, ...ending };
  return { update: { status: ending.status, endedAt: at, metrics, usage: ending.usage, result }, result };
}
