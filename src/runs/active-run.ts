import type { RunFigures } from '../contract/index.js';

/** A run executing in this process. */
export interface ActiveRun {
  controller: AbortController;
  figures: RunFigures;
  /** Why the run was stopped early, if it was. */
  stopCause?: 'cancel' | 'shutdown';
  finished: Promise<void>;
}
