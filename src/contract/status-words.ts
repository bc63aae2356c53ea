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
