import type { PoolSlot } from './pool-candidates.js';
import type { PoolEntry } from './pool-entry.js';

/** An entry as the pool changes it: no one else does (`PoolEntry` is read-only). */
export type Writable = { -readonly [Key in keyof PoolEntry]: PoolEntry[Key] } & {
  queries: string[];
  providers: string[];
};

/** A slot as the pool changes it. */
export interface Slot extends PoolSlot {
  entry: PoolEntry;
  facts: PoolSlot['facts'];
  fixed: number;
  read: boolean;
  /** The entry's score, kept on the slot so sorting compares slots without reading entries. */
  score: number;
  /** Set by an add until the next reorder puts the slot in its new place. */
  touched: boolean;
  /** Set with `touched` when its fixed worth changed (or it is new): its place by fixed worth moves. */
  refix: boolean;
  /** Its index in `byScore` as the last reorder left it. */
  at: number;
}

/** Higher score first, then the earlier arrival. */
export const before = (a: Slot, b: Slot) => b.score - a.score || a.arrival - b.arrival;
/** Higher fixed worth first, then the earlier arrival. */
export const beforeFixed = (a: Slot, b: Slot) => b.fixed - a.fixed || a.arrival - b.arrival;

/** The slots of `old` (in `order`) that `stay`, and `moved` (sorted by `order`), merged in that order. */
export function merge(
  old: readonly Slot[],
  moved: readonly Slot[],
  order: (a: Slot, b: Slot) => number,
  stay: (slot: Slot) => boolean,
): Slot[] {
  const merged: Slot[] = [];
  let next = 0;
  for (const item of old) {
    if (!stay(item)) continue;
    while (next < moved.length && order(moved[next] as Slot, item) < 0) merged.push(moved[next++] as Slot);
    merged.push(item);
  }
  for (; next < moved.length; next += 1) merged.push(moved[next] as Slot);
  return merged;
}
