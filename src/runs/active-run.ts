import type { RunFigures } from '../contract/index.js';

/** A run executing in this process. */
export interface ActiveRun {
  controller: AbortController;
  figures: RunFigures;
  /**
   * Why the run was stopped early, if it was: a client cancelled it, the node shuts down, or
   * (`lost`) the cluster gave it to another worker, which now writes its events and final state.
   */
  stopCause?: 'cancel' | 'shutdown' | 'lost';
  finished: Promise<void>;
}
