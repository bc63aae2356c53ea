import { MAX_CODE_CHUNK_LINES, MERGE_CODE_CHUNK_LINES } from '../constants.js';
import type { ExtractedDefinition } from '../symbols/index.js';
import { lineWindows, trimBlankLines } from './line-windows.js';
import type { Chunk } from './types.js';

interface Unit {
  startLine: number;
  endLine: number;
  /** The definition the unit is, or the head of (a class's lines before its first member). */
  definition: ExtractedDefinition | undefined;
}

function contains(outer: ExtractedDefinition, inner: ExtractedDefinition): boolean {
  return inner !== outer && inner.docStartLine >= outer.docStartLine && inner.endLine <= outer.endLine;
}

/** `candidates`' indexes in order of first line, an enclosing definition before what it encloses. */
function byPosition(candidates: readonly ExtractedDefinition[]): number[] {
  return candidates
    .map((_, index) => index)
    .sort(
      (a, b) =>
        candidates[a]!.docStartLine - candidates[b]!.docStartLine ||
        candidates[b]!.endLine - candidates[a]!.endLine ||
        a - b,
    );
}

/**
 * The definitions in `candidates` that no other candidate contains, in their order; `order` is
 * `byPosition(candidates)`. One sweep in order of position (a class of 100,000 methods took minutes
 * compared pair by pair): a candidate is contained when one starting no later ends no earlier, or
 * another has exactly its lines.
 */
function outermost(
  candidates: readonly ExtractedDefinition[],
  order: readonly number[],
): ExtractedDefinition[] {
  const contained = new Set<number>();
  let furthestEnd = Number.NEGATIVE_INFINITY;
  for (const [at, index] of order.entries()) {
    const candidate = candidates[index]!;
    const next = order[at + 1] === undefined ? undefined : candidates[order[at + 1]!]!;
    const twin =
      next !== undefined &&
      next.docStartLine === candidate.docStartLine &&
      next.endLine === candidate.endLine;
    if (furthestEnd >= candidate.endLine || twin) contained.add(index);
    furthestEnd = Math.max(furthestEnd, candidate.endLine);
  }
  return candidates.filter((_, index) => !contained.has(index));
}

/** The definitions `outer` contains, in `definitions`' order; `order` is `byPosition(definitions)`. */
function membersOf(
  outer: ExtractedDefinition,
  definitions: readonly ExtractedDefinition[],
  order: readonly number[],
): ExtractedDefinition[] {
  const indexes: number[] = [];
  const docStartOf = (index: number) => definitions[index]!.docStartLine;
  for (let at = firstAtOrAfter(order, outer.docStartLine, docStartOf); at < order.length; at++) {
    const inner = definitions[order[at]!]!;
    if (inner.docStartLine > outer.endLine) break;
    if (contains(outer, inner)) indexes.push(order[at]!);
  }
  return indexes.sort((a, b) => a - b).map((index) => definitions[index]!);
}

/** The first place in `order` (ascending by `lineOf`) whose line is `line` or later. */
function firstAtOrAfter(order: readonly number[], line: number, lineOf: (index: number) => number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lineOf(order[middle]!) < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

function pushRange(
  units: Unit[],
  lines: readonly string[],
  from: number,
  to: number,
  owner?: ExtractedDefinition,
) {
  const trimmed = trimBlankLines(lines, from, to);
  if (!trimmed) return;
  for (const [startLine, endLine] of lineWindows(lines, trimmed[0], trimmed[1])) {
    units.push({ startLine, endLine, definition: owner });
  }
}

/** Units of lines `from`..`to`: each outermost definition, split along its members when too long. */
function unitsOf(
  lines: readonly string[],
  from: number,
  to: number,
  definitions: readonly ExtractedDefinition[],
  owner?: ExtractedDefinition,
): Unit[] {
  const units: Unit[] = [];
  let cursor = from;
  const order = byPosition(definitions);
  for (const definition of outermost(definitions, order)) {
    const start = Math.max(cursor, definition.docStartLine);
    if (start > cursor) pushRange(units, lines, cursor, start - 1, owner);
    const length = definition.endLine - start + 1;
    const members = membersOf(definition, definitions, order);
    if (length <= MAX_CODE_CHUNK_LINES)
      units.push({ startLine: start, endLine: definition.endLine, definition });
    else if (members.length > 0)
      // One by one: a class of 100,000 members is more than a spread's arguments can hold.
      for (const unit of unitsOf(lines, start, definition.endLine, members, definition)) units.push(unit);
    else pushRange(units, lines, start, definition.endLine, definition);
    cursor = Math.max(cursor, definition.endLine + 1);
  }
  if (cursor <= to) pushRange(units, lines, cursor, to, owner);
  return units;
}

/** Finds the definitions whose name line falls in a range, in their order, without a pass over all. */
function namedWithin(definitions: readonly ExtractedDefinition[]) {
  const order = definitions
    .map((_, index) => index)
    .sort((a, b) => definitions[a]!.startLine - definitions[b]!.startLine);
  const startOf = (index: number) => definitions[index]!.startLine;
  return (startLine: number, endLine: number): ExtractedDefinition[] => {
    const indexes: number[] = [];
    let at = firstAtOrAfter(order, startLine, startOf);
    while (at < order.length && startOf(order[at]!) <= endLine) indexes.push(order[at++]!);
    return indexes.sort((a, b) => a - b).map((index) => definitions[index]!);
  };
}

function toChunk(
  group: readonly Unit[],
  named: (startLine: number, endLine: number) => ExtractedDefinition[],
): Chunk {
  const startLine = group[0]!.startLine;
  const endLine = group[group.length - 1]!.endLine;
  let main: ExtractedDefinition | undefined;
  for (const unit of group) {
    const candidate = unit.definition;
    if (candidate && (!main || candidate.endLine - candidate.startLine > main.endLine - main.startLine))
      main = candidate;
  }
  const title = new Set(main ? [main.qualifiedName] : []);
  for (const entry of named(startLine, endLine)) title.add(entry.qualifiedName);
  return { startLine, endLine, symbol: main?.qualifiedName, title: [...title].join(' ') };
}

/**
 * Chunks of a source file along its definitions: each function, class or method its own chunk (with
 * the comment above it), a definition over `MAX_CODE_CHUNK_LINES` split along its members or into
 * windows, and small neighbours (imports, constants, one-line functions) merged up to
 * `MERGE_CODE_CHUNK_LINES`. Without definitions the file is cut into line windows.
 */
export function chunkCode(lines: readonly string[], definitions: readonly ExtractedDefinition[]): Chunk[] {
  const units = unitsOf(lines, 1, lines.length, definitions);
  const named = namedWithin(definitions);
  const chunks: Chunk[] = [];
  let group: Unit[] = [];
  for (const unit of units) {
    const first = group[0];
    if (first && unit.endLine - first.startLine + 1 > MERGE_CODE_CHUNK_LINES) {
      chunks.push(toChunk(group, named));
      group = [];
    }
    group.push(unit);
  }
  if (group.length > 0) chunks.push(toChunk(group, named));
  return chunks;
}
