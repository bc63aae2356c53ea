import type { SqliteDatabase } from '../database/index.js';
import { CorpusError } from '../errors.js';
import type { CallEdge, SymbolDefinition, SymbolReference, SymbolResolution } from '../types.js';
import { DEFINITION_COLUMNS, type DefinitionRow, LineCache, symbolDefinition } from './file-rows.js';

/** What `resolveSymbol` asks: a name (`handle`, or qualified `Router.handle`) and what to find. */
export interface ResolveSymbolRequest {
  name: string;
  kind: 'definition' | 'references' | 'callers' | 'callees';
  /** Most definitions, references or edges returned (default 50). */
  limit?: number;
}

interface ReferenceRow {
  fileId: number;
  name: string;
  line: number;
  kind: SymbolReference['kind'];
  enclosing: string | null;
}

const REFERENCE_COLUMNS = `r.file_id AS fileId, r.name, r.line, r.kind, e.qualified_name AS enclosing`;
const KINDS = ['definition', 'references', 'callers', 'callees'];

/** Definitions named `name`: by qualified name when it has a dot, exact case first, then any case. */
function findDefinitions(db: SqliteDatabase, name: string): DefinitionRow[] {
  const column = name.includes('.') ? 'd.qualified_name' : 'd.name';
  const query = (collate: string) =>
    db
      .prepare(
        `SELECT ${DEFINITION_COLUMNS} FROM definitions d WHERE ${column} = ? ${collate} ORDER BY d.file_id, d.start_line`,
      )
      .all(name) as DefinitionRow[];
  const exact = query('');
  return exact.length > 0 ? exact : query('COLLATE NOCASE');
}

class Resolver {
  private readonly lines: LineCache;
  constructor(private readonly db: SqliteDatabase) {
    this.lines = new LineCache(db);
  }

  pathOf(fileId: number): string {
    return this.lines.get(fileId).path;
  }

  definition(row: DefinitionRow): SymbolDefinition {
    return symbolDefinition(row, this.lines.get(row.fileId));
  }

  reference(row: ReferenceRow): SymbolReference {
    const file = this.lines.get(row.fileId);
    return {
      name: row.name,
      path: file.path,
      line: row.line,
      kind: row.kind,
      ...(row.enclosing ? { enclosing: row.enclosing } : {}),
      text: (file.lines[row.line - 1] ?? '').trim(),
      contentHash: file.hash,
    };
  }

  references(name: string, onlyCalls: boolean): ReferenceRow[] {
    return this.db
      .prepare(
        `SELECT ${REFERENCE_COLUMNS} FROM refs r LEFT JOIN definitions e ON e.id = r.enclosing_id
         WHERE r.name = ? ${onlyCalls ? "AND r.kind = 'call'" : ''} ORDER BY r.file_id, r.line`,
      )
      .all(name) as ReferenceRow[];
  }

  /** Calls made inside a definition's lines (nested closures included). */
  callsWithin(definition: DefinitionRow): ReferenceRow[] {
    return this.db
      .prepare(
        `SELECT ${REFERENCE_COLUMNS} FROM refs r LEFT JOIN definitions e ON e.id = r.enclosing_id
         WHERE r.file_id = ? AND r.kind = 'call' AND r.line BETWEEN ? AND ? ORDER BY r.line`,
      )
      .all(definition.fileId, definition.startLine, definition.endLine) as ReferenceRow[];
  }

  edges(groups: Map<string, ReferenceRow[]>, limit: number): CallEdge[] {
    return [...groups]
      .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([symbol, calls]) => ({
        symbol,
        definitions: findDefinitions(this.db, symbol)
          .slice(0, 5)
          .map((row) => this.definition(row)),
        calls: calls.map((row) => this.reference(row)),
      }));
  }
}

function groupBy(
  rows: readonly ReferenceRow[],
  key: (row: ReferenceRow) => string,
): Map<string, ReferenceRow[]> {
  const groups = new Map<string, ReferenceRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/**
 * Definitions, references, callers or callees of a symbol, from the tree-sitter tables. Calls are
 * matched by name (no type inference): callers of `Router.handle` are the calls of any `.handle`.
 * A caller outside every definition is named by its file (`src/app.ts (top level)`).
 */
export function resolveCorpusSymbol(db: SqliteDatabase, request: ResolveSymbolRequest): SymbolResolution {
  const name = request.name.trim();
  if (!name) throw new CorpusError({ code: 'invalid_request', message: 'resolveSymbol needs a name.' });
  if (!KINDS.includes(request.kind)) {
    throw new CorpusError({
      code: 'invalid_request',
      message: `Unknown symbol request kind "${request.kind}"; use ${KINDS.join(', ')}.`,
    });
  }
  const limit = request.limit ?? 50;
  const resolver = new Resolver(db);
  const rows = findDefinitions(db, name);
  const definitions = rows.slice(0, limit).map((row) => resolver.definition(row));
  const simpleName = name.slice(name.lastIndexOf('.') + 1);
  if (request.kind === 'definition') return { kind: 'definition', name, definitions };
  if (request.kind === 'references') {
    const references = resolver.references(simpleName, false).slice(0, limit);
    return { kind: 'references', name, references: references.map((row) => resolver.reference(row)) };
  }
  if (request.kind === 'callers') {
    const calls = resolver.references(simpleName, true);
    const groups = groupBy(calls, (row) => row.enclosing ?? `${resolver.pathOf(row.fileId)} (top level)`);
    return { kind: 'callers', name, definitions, edges: resolver.edges(groups, limit) };
  }
  const calls = rows.flatMap((row) => resolver.callsWithin(row));
  return {
    kind: 'callees',
    name,
    definitions,
    edges: resolver.edges(
      groupBy(calls, (row) => row.name),
      limit,
    ),
  };
}
