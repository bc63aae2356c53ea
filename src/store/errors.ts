import { DeepResearchError } from '../errors.js';

/**
 * `run_not_held`: a cluster node wrote to a run another node now holds (see `WriteFence`).
 * `limits_unavailable`: the request limits shared through the database cannot be checked.
 */
export type StoreErrorCode =
  | 'run_not_found'
  | 'run_exists'
  | 'event_out_of_order'
  | 'run_not_held'
  | 'store_closed'
  | 'limits_unavailable';

const SYSTEM_CODES: readonly StoreErrorCode[] = ['store_closed', 'limits_unavailable'];

/** A store operation that cannot be done as asked. */
export class StoreError extends DeepResearchError {
  override readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super({ code, message, kind: SYSTEM_CODES.includes(code) ? 'system' : 'user', cause: options.cause });
    this.code = code;
  }
}
