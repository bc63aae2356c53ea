import type { RunStore } from '../../store/index.js';
import type { Logger } from '../logger.js';
import type { RunManager } from '../run-manager.js';
import type { RunOptionsPolicy } from '../run-options.js';

/** What every route module is given. */
export interface RouteDependencies {
  store: RunStore;
  manager: RunManager;
  policy: RunOptionsPolicy;
  logger: Logger;
  now: () => Date;
}
