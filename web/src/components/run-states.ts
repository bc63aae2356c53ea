import type { RunState } from '../events.js';

/** Run states in the order the dashboard lists them. */
export const RUN_STATES_IN_ORDER: readonly RunState[] = [
  'queued',
  'running',
  'completed',
  'best_effort',
  'failed',
  'cancelled',
  'interrupted',
];
