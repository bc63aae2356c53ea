import {
  type ClaimVerdict,
  conflictCitations,
  describeConflict,
  type Reference,
  type SourceConflict,
} from '../../../src/contract/index.js';

/** A conflict between sources as the answer panel shows it, with the answer's sentences it concerns. */
export interface ConflictNote {
  /** "The tower is … tall: 330 metres [1], 300 m [2]". */
  text: string;
  /** Sentences of the answer that cite one of its values: marked in the answer. */
  claims: string[];
}

/**
 * Each conflict of the run, with the sentences of the shown answer citing a reference made from one
 * of its values (none when the answer's sentences were not checked, or cite none of them). Pure.
 */
export function conflictNotes(
  conflicts: readonly SourceConflict[],
  references: readonly Reference[],
  verdicts: readonly ClaimVerdict[],
): ConflictNote[] {
  return conflicts.map((conflict) => {
    const cited = new Set(conflict.values.flatMap((value) => conflictCitations(value, references)));
    const claims = verdicts
      .filter((claim) => claim.references.some((number) => cited.has(number)))
      .map((claim) => claim.text);
    return { text: describeConflict(conflict, references), claims };
  });
}
