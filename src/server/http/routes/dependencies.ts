import type { Logger, RunAccess, RunManager } from '../../../runs/index.js';
import type { IdempotencyKeys } from '../idempotency.js';
import type { RunOptionsPolicy } from '../run-options.js';

/** What every route module is given: the run service, and what clients may choose. */
export interface RouteDependencies {
  runs: RunManager;
  policy: RunOptionsPolicy;
  logger: Logger;
  now: () => Date;
  /** `Idempotency-Key`s of the routes that start runs, shared so a key names one run server-wide. */
  idempotency: IdempotencyKeys;
  /** Address clients reach the server at, when the operator set one (`serve --public-url`). */
  publicUrl?: string;
}

/**
 * Who a new run belongs to (the caller's token id, when auth is on), and whether its maker sees
 * every run (an admin, or a server without auth): the run may then draw on every run's memory.
 */
export function owner(access: RunAccess): { owner?: string; seesAll: boolean } {
  return { ...(access.owner === undefined ? {} : { owner: access.owner }), seesAll: access.all };
}
