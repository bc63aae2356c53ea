import { DeepResearchError } from '../errors.js';

/** `run_not_held`: a cluster node wrote to a run another node now holds (see `WriteFence`). */
export type StoreErrorCode =
  | 'run_not_found'
  | 'run_exists'
  | 'event_out_of_order'
  | 'run_not_held'
  | 'store_closed';

/** A store operation that cannot be done as asked. */
export class StoreError extends DeepResearchError {
  override readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super({ code, message, kind: code === 'store_closed' ? 'system' : 'user', cause: options.cause });
    this.code = code;
  }
}
