import type { ResultStatus, StopReason } from './ending.js';
import type { RunStatus } from './runs.js';

/**
 * A run's status in words, as every surface shows it: the terminal, the exports and the web UI
 * (`best_effort` is "best effort", `needs_input` "waiting for input").
 */
export const STATUS_WORDS: Record<RunStatus, string> = {
  queued: 'queued',
  running: 'running',
  needs_input: 'waiting for input',
  completed: 'completed',
  best_effort: 'best effort',
  failed: 'failed',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
};

/** Stop reasons whose sentence only says the status again ("The run was cancelled."), by that status. */
const RESTATED_STATUS: Partial<Record<StopReason, ResultStatus>> = {
  cancelled: 'cancelled',
  error: 'failed',
  awaiting_input: 'needs_input',
};

/** Whether the stop's sentence says no more than the status does. */
export const stopRestatesStatus = (reason: StopReason, status: ResultStatus): boolean =>
  RESTATED_STATUS[reason] === status;

/**
 * A status with its stop reason in brackets, unless the reason only says the status again:
 * "failed (model_unreachable)", but "cancelled", never "cancelled (cancelled)". `text` is the status
 * as the surface words it (`STATUS_WORDS`, or the raw status for a model).
 */
export const statusWithStop = (text: string, status: ResultStatus, reason: StopReason): string =>
  stopRestatesStatus(reason, status) ? text : `${text} (${reason})`;
