import type { RunRecord } from '../store/index.js';

/**
 * Whose runs a caller may see and change. `owner` is who the caller's new runs belong to (an id of
 * their auth token, never the token); `all` sees every run (no auth, or an admin token).
 */
export interface RunAccess {
  owner?: string;
  all: boolean;
}

/** Every run: a server without auth, an admin, or the service's own bookkeeping. */
export const ALL_RUNS: RunAccess = { all: true };

/** Whether `access` may see `record`. Runs made without auth belong to nobody: only `all` sees them. */
export function canAccess(access: RunAccess, record: RunRecord): boolean {
  return access.all || (access.owner !== undefined && record.owner === access.owner);
}

/** The store filter for what `access` may list. */
export function ownerFilter(access: RunAccess): { owner?: string } {
  if (access.all) return {};
  // A caller with neither (not a state auth produces) sees nothing rather than everything.
  return { owner: access.owner ?? '\u0000no owner' };
}
