import type { Logger } from '../../logger.js';
import type { RunManager } from '../../service/index.js';
import type { RunOptionsPolicy } from '../run-options.js';

/** What every route module is given: the run service, and what clients may choose. */
export interface RouteDependencies {
  runs: RunManager;
  policy: RunOptionsPolicy;
  logger: Logger;
  now: () => Date;
}
