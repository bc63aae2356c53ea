import type { ResultStatus, StopReason } from '../contract/index.js';

/** A run's status as a report words it. */
export const STATUS_WORDS: Record<ResultStatus, string> = {
  completed: 'completed',
  best_effort: 'best effort',
  failed: 'failed',
  cancelled: 'cancelled',
  needs_input: 'waiting for input',
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
