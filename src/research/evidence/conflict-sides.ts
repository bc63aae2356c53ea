import type { ConflictValue, SourceConflict } from '../../contract/index.js';
import { analyse, evidenceOf } from '../support/index.js';
import { mentionsIn } from './quantity-mentions.js';

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
  const evidence = evidenceOf([analyse(answer)]);
  const stated = (value: ConflictValue) =>
    mentionsIn(value.value, '').some((mention) => mention.statedIn(evidence));
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
