import type { Reference } from './references.js';

/** One value that sources give for a quantity in a conflict, and who gives it. */
export interface ConflictValue {
  /** The value as the first finding giving it writes it (`330 metres`, `1889`). */
  value: string;
  /** Ids of the findings that give it (`F1`). */
  findingIds: string[];
  /** The sources of those findings, each once. */
  urls: string[];
}

/**
 * Findings of one sub-question that give different values for the same quantity (same kind of
 * figure or date, same subject words), e.g. 330 metres against 300 metres for the tower's height.
 * The same value written differently (`330 m`, `330 metres`; `1.5 million`, `1,500,000`) is not a
 * conflict. The answer must state every value with its citations, never one alone.
 */
export interface SourceConflict {
  /** Id of the sub-question the findings answer (`q2`), as in `subQuestions`. */
  subQuestion: string;
  /** What the values are of: the first finding's clause with the value left out (`The tower is … tall`). */
  about: string;
  /** Two or more values, in the order found. */
  values: ConflictValue[];
}

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

/** Heading of the section in which an answer states the values its sources differ on, each with its source. */
export const CONFLICTS_HEADING = 'Sources differ';

const CONFLICTS_SECTION = new RegExp(`^#{1,3}[ \\t]*${CONFLICTS_HEADING}[ \\t]*$`, 'im');

/** Whether an answer states conflicts in its own text, under CONFLICTS_HEADING (no surface lists them again). */
export function hasConflictsSection(answer: string): boolean {
  return CONFLICTS_SECTION.test(answer);
}

/**
 * The section of an answer stating conflicts it does not state itself: each conflict with every
 * value and its citation (`330 metres [1]`), or its sources' addresses when no reference was made
 * from it. Empty when there is none.
 */
export function conflictsSection(
  conflicts: readonly SourceConflict[],
  references: readonly Reference[],
): string {
  if (conflicts.length === 0) return '';
  const lines = conflicts.map((conflict) => `- ${describeConflict(conflict, references)}`);
  return `## ${CONFLICTS_HEADING}\n\nThe sources give different values; each is stated with its source:\n\n${lines.join('\n')}\n`;
}

/**
 * "Sources differ:" and one line per conflict, as markdown, for a surface that shows a result's
 * conflicts under its answer; empty when the sources agree or the answer states them in its own
 * section.
 */
export function conflictsMarkdown(result: {
  conflicts?: readonly SourceConflict[];
  references: readonly Reference[];
  answer?: string;
}): string {
  const conflicts = result.conflicts ?? [];
  if (conflicts.length === 0 || hasConflictsSection(result.answer ?? '')) return '';
  const lines = conflicts.map((conflict) => `- ${describeConflict(conflict, result.references)}`);
  return `_Sources differ:_\n\n${lines.join('\n')}`;
}
