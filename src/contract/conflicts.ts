import type { ConflictValue, Reference, SourceConflict } from './research.js';

/** Numbers (1-based) of the references made from a value's findings. */
export function conflictCitations(value: ConflictValue, references: readonly Reference[]): number[] {
  const numbers: number[] = [];
  references.forEach((reference, index) => {
    if (reference.findingId && value.findingIds.includes(reference.findingId)) numbers.push(index + 1);
  });
  return numbers;
}

/** A value with its citations (`330 metres [1]`), or its sources' addresses when no reference was made from it. */
function citedValue(value: ConflictValue, references: readonly Reference[]): string {
  const numbers = conflictCitations(value, references);
  if (numbers.length > 0) return `${value.value} ${numbers.map((number) => `[${number}]`).join('')}`;
  return `${value.value} (${value.urls.join(', ')})`;
}

/** "The tower is … tall: 330 metres [1], 300 m [2]": a conflict in one line. */
export function describeConflict(conflict: SourceConflict, references: readonly Reference[]): string {
  const values = conflict.values.map((value) => citedValue(value, references)).join(', ');
  return `${conflict.about.replace(/\s+/g, ' ')}: ${values}`;
}

/** "Sources differ:" and one line per conflict, as markdown; empty when the sources agree. */
export function conflictsMarkdown(result: {
  conflicts?: readonly SourceConflict[];
  references: readonly Reference[];
}): string {
  const conflicts = result.conflicts ?? [];
  if (conflicts.length === 0) return '';
  const lines = conflicts.map((conflict) => `- ${describeConflict(conflict, result.references)}`);
  return `_Sources differ:_\n\n${lines.join('\n')}`;
}
