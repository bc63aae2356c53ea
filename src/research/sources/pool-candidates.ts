import type { BagPostings } from '../text/bag-postings.js';
import type { CandidateFacts } from './candidate-facts.js';
import type { PoolEntry } from './pool-entry.js';

/**
 * One URL of the pool, read or not, as the pool keeps it. Only the pool changes an entry (its type
 * is read-only), and it makes the facts and `fixed` again as it does, so what a ranking reads here
 * is never stale.
 */
export interface PoolSlot {
  /** Its canonical URL. */
  readonly key: string;
  /** How many URLs came before it: its place among ties in score, and a number of its own. */
  readonly arrival: number;
  /** The entry as it is now. */
  readonly entry: PoolEntry;
  /** The entry's facts (`candidateFacts`); its bag is the one the postings hold. */
  readonly facts: CandidateFacts;
  /** `fixedWorth` of the entry and its facts. */
  readonly fixed: number;
  /** Whether it was read (read slots wait in the orders below until the next search). */
  readonly read: boolean;
}

/** A host the pool has met: the facts of its first entry, of which only the host's are read. */
export type PoolHost = Pick<CandidateFacts, 'host' | 'bareHost' | 'site'>;

/**
 * The pool's unread candidates as a ranking reads them, kept between rankings as entries arrive,
 * change and are read. A view of the pool as it is: valid until the pool changes.
 */
export interface PoolCandidates {
  /** How many slots are unread. */
  readonly size: number;
  /** How many slots there are, read or not: every `arrival` is below it. */
  readonly slots: number;
  /** The slots in the pool's order (score, then arrival), read ones among them to be skipped. */
  readonly byScore: readonly PoolSlot[];
  /** The slots by `fixed`, highest first, read ones among them to be skipped. */
  readonly byFixed: readonly PoolSlot[];
  /** An unread slot's place in the pool's order, from 0 (the position `ranked()` lists it at). */
  positionOf(slot: PoolSlot): number;
  /** The terms of exactly the unread slots. */
  readonly postings: Pick<BagPostings<PoolSlot>, 'scores' | 'size'>;
  /** The unread slots on a host. */
  onHost(host: string): readonly PoolSlot[];
  /** Every host met, in the order they came (it only grows). */
  readonly hosts: readonly PoolHost[];
  /** The unread slots whose entry has a date. */
  readonly dated: Iterable<PoolSlot>;
  /** The unread entries best first, as `ranked()` lists them. */
  entries(): readonly PoolEntry[];
}
