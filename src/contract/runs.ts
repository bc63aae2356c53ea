import type { ResultStatus } from './research.js';

/**
 * Status of a run as the service stores and reports it: the result's statuses plus `queued`
 * (waiting for a slot), `running`, and `interrupted` (the process died while it was queued or running).
 */
export type RunStatus = ResultStatus | 'queued' | 'running' | 'interrupted';

/** Every run status, in a stable order (for filters, metrics and the dashboard). */
export const RUN_STATUSES: readonly RunStatus[] = [
  'queued',
  'running',
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
 * Whether a run in this status is live: `queued` or `running`, so it still changes (its events
 * stream, it can be stopped). The opposite of `isFinalRunStatus`.
 */
export function isLive(status: RunStatus): boolean {
  return !isFinalRunStatus(status);
}
