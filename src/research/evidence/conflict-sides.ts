import {
  type ConflictValue,
  engineSections,
  type Reference,
  type SourceConflict,
} from '../../contract/index.js';
import { analyse, type Evidence, evidenceOf } from '../support/index.js';
import { mentionsIn } from './quantity-mentions.js';

/** The writer's text of an answer: what comes before the sections the engine adds (conflicts, unverified sentences). */
const writerText = (answer: string) => engineSections(answer).written;

/** Whether a text (its evidence) states a value, written any way (`330 metres`, `330 m`). */
const statedIn = (evidence: Evidence) => (value: ConflictValue) =>
  mentionsIn(value.value, '').some((mention) => mention.statedIn(evidence));

/** A conflict an answer takes one side of: the values it states and those it leaves out. */
export interface OneSidedConflict {
  conflict: SourceConflict;
  stated: ConflictValue[];
  missing: ConflictValue[];
}

/**
 * The conflicts an answer states some values of but not all: "The tower is 330 m tall [1]" when
 * another source gives 300 m. A value counts as stated written any way (`330 metres`, `330 m`).
 */
export function oneSidedConflicts(answer: string, conflicts: readonly SourceConflict[]): OneSidedConflict[] {
  if (conflicts.length === 0) return [];
  // The engine's own sections (the conflicts it states, the sentences it left out) are not the writer's.
  const stated = statedIn(evidenceOf([analyse(writerText(answer))]));
  return conflicts.flatMap((conflict) => {
    const said = conflict.values.filter(stated);
    const missing = conflict.values.filter((value) => !said.includes(value));
    return said.length > 0 && missing.length > 0 ? [{ conflict, stated: said, missing }] : [];
  });
}

const listValues = (values: readonly ConflictValue[]) =>
  values.map((value) => `${value.value} (${value.findingIds.join(', ')})`).join(', ');

/** One sentence naming the conflict an answer took one side of, for a weakness or a verdict. */
export function describeOneSided(side: OneSidedConflict): string {
  const { conflict } = side;
  return `Sources differ on "${conflict.about}" (${conflict.subQuestion}): the answer states ${listValues(side.stated)} but not ${listValues(side.missing)}.`;
}

/**
 * The conflicts an answer's text does not state in full, for the engine to state after it: a value
 * it does not write (any way), or writes without citing a finding that gives it.
 */
export function unstatedConflicts(
  answer: string,
  references: readonly Reference[],
  conflicts: readonly SourceConflict[],
): SourceConflict[] {
  if (conflicts.length === 0) return [];
  const stated = statedIn(evidenceOf([analyse(writerText(answer))]));
  const cited = new Set(references.flatMap((reference) => reference.findingId ?? []));
  return conflicts.filter(
    (conflict) =>
      !conflict.values.every((value) => stated(value) && value.findingIds.some((id) => cited.has(id))),
  );
}
