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

/** The definitions in `candidates` that no other candidate contains. */
function outermost(candidates: readonly ExtractedDefinition[]): ExtractedDefinition[] {
  return candidates.filter((inner) => !candidates.some((outer) => contains(outer, inner)));
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
  for (const definition of outermost(definitions)) {
    const start = Math.max(cursor, definition.docStartLine);
    if (start > cursor) pushRange(units, lines, cursor, start - 1, owner);
    const length = definition.endLine - start + 1;
    const members = definitions.filter((inner) => contains(definition, inner));
    if (length <= MAX_CODE_CHUNK_LINES)
      units.push({ startLine: start, endLine: definition.endLine, definition });
    else if (members.length > 0)
      units.push(...unitsOf(lines, start, definition.endLine, members, definition));
    else pushRange(units, lines, start, definition.endLine, definition);
    cursor = Math.max(cursor, definition.endLine + 1);
  }
  if (cursor <= to) pushRange(units, lines, cursor, to, owner);
  return units;
}

function toChunk(group: readonly Unit[], definitions: readonly ExtractedDefinition[]): Chunk {
  const startLine = group[0]!.startLine;
  const endLine = group[group.length - 1]!.endLine;
  let main: ExtractedDefinition | undefined;
  for (const unit of group) {
    const candidate = unit.definition;
    if (candidate && (!main || candidate.endLine - candidate.startLine > main.endLine - main.startLine))
      main = candidate;
  }
  const named = definitions.filter((entry) => entry.startLine >= startLine && entry.startLine <= endLine);
  const title = [
    ...new Set([...(main ? [main.qualifiedName] : []), ...named.map((entry) => entry.qualifiedName)]),
  ];
  return { startLine, endLine, symbol: main?.qualifiedName, title: title.join(' ') };
}

/**
 * Chunks of a source file along its definitions: each function, class or method its own chunk (with
 * the comment above it), a definition over `MAX_CODE_CHUNK_LINES` split along its members or into
 * windows, and small neighbours (imports, constants, one-line functions) merged up to
 * `MERGE_CODE_CHUNK_LINES`. Without definitions the file is cut into line windows.
 */
export function chunkCode(lines: readonly string[], definitions: readonly ExtractedDefinition[]): Chunk[] {
  const units = unitsOf(lines, 1, lines.length, definitions);
  const chunks: Chunk[] = [];
  let group: Unit[] = [];
  for (const unit of units) {
    const first = group[0];
    if (first && unit.endLine - first.startLine + 1 > MERGE_CODE_CHUNK_LINES) {
      chunks.push(toChunk(group, definitions));
      group = [];
    }
    group.push(unit);
  }
  if (group.length > 0) chunks.push(toChunk(group, definitions));
  return chunks;
}
