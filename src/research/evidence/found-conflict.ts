import type { ConflictValue, Finding } from '../../contract/index.js';

/**
 * A conflict as one finder reads it off the findings of one sub-question: what the values are of,
 * and each distinct value with the findings giving it (their sources are added from the findings).
 */
export interface FoundConflict {
  /** The first finding's clause with the value left out (`The tower is … tall`). */
  about: string;
  values: Pick<ConflictValue, 'value' | 'findingIds'>[];
}

/** One way of finding conflicts among the findings of one sub-question. */
export type ConflictFinder = (findings: readonly Finding[]) => FoundConflict[];
