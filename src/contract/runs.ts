import type { ResultStatus } from './ending.js';

/**
 * Status of a run as the service stores and reports it: the result's statuses (`needs_input`: it
 * waits for a person's answer, holding no slot) plus `queued` (waiting for a slot), `running`, and
 * `interrupted` (the process died while it was queued or running).
 */
export type RunStatus = ResultStatus | 'queued' | 'running' | 'interrupted';

/** Every run status, in a stable order (for filters, metrics and the dashboard). */
export const RUN_STATUSES: readonly RunStatus[] = [
  'queued',
  'running',
  'needs_input',
  'completed',
  'best_effort',
  'failed',
  'cancelled',
  'interrupted',
];

/** Statuses a run does not leave by itself. `interrupted` may be resumed. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = [
  'completed',
  'best_effort',
  'failed',
  'cancelled',
  'interrupted',
];

/** Whether a run in this status has ended (it may still be resumed when `interrupted`). */
export function isFinalRunStatus(status: RunStatus): boolean {
  return FINAL_RUN_STATUSES.includes(status);
}

/**
 * Whether a run in this status is live: `queued`, `running` or `needs_input`, so it still changes
 * (it can be answered, stopped; its events stream while it runs). The opposite of `isFinalRunStatus`.
 */
export function isLive(status: RunStatus): boolean {
  return !isFinalRunStatus(status);
}
