import type { RunFigures } from '../contract/index.js';

/** A run executing in this process. */
export interface ActiveRun {
  controller: AbortController;
  figures: RunFigures;
  /**
   * Why the run was stopped early, if it was: a client cancelled it, the node shuts down,
   * (`lost`) the cluster gave it to another worker, which now writes its events and final state,
   * or (`crashed`) the research thread executing it stopped: it ends `interrupted`, to resume.
   */
  stopCause?: 'cancel' | 'shutdown' | 'lost' | 'crashed';
  finished: Promise<void>;
}

/**
 * Whether the run was stopped to resume later (its node shuts down, its research thread stopped),
 * not to end: it is stored `interrupted` with no `run-end`.
 */
export function cutOffToResume(run: Pick<ActiveRun, 'stopCause'>): boolean {
  return run.stopCause === 'shutdown' || run.stopCause === 'crashed';
}
