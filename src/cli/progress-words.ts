export { actionText, plural, truncate } from '../shared/index.js';

/** A cost as people read it; `n/a` when unknown (a model without a price), never a false $0. */
export function costText(costUsd: number | null): string {
  return costUsd === null ? 'cost n/a' : `$${costUsd.toFixed(4)}`;
}
