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
