import { CHARS_PER_TOKEN, DEFAULT_MAP_TOKENS } from '../constants.js';
import type { SqliteDatabase } from '../database/index.js';
import { pageRank, referenceEdges, toIndexes } from '../graph/index.js';
import { pathCondition } from '../search/path-filter.js';
import type { RepositoryMap, SymbolDefinition } from '../types.js';
import { DEFINITION_COLUMNS, type DefinitionRow, LineCache, symbolDefinition } from './file-rows.js';

/** What `readMap` asks: an optional subtree and a token budget for the text. */
export interface ReadMapRequest {
  /** Only files under this path (the ranking still uses the whole corpus's references). */
  path?: string;
  /** Budget of the map's text, in estimated tokens (default `DEFAULT_MAP_TOKENS`). */
  tokenBudget?: number;
}

/** A definition and how often other files call it or name it as a type. */
interface RankedDefinitionRow extends DefinitionRow {
  uses: number;
}

/** Symbols shown per file at most; the budget decides how many files. */
const SYMBOLS_PER_FILE = 8;

function fileLines(path: string, symbols: readonly SymbolDefinition[]): string[] {
  return [path, ...symbols.map((symbol) => `  ${symbol.startLine}: ${symbol.signature.slice(0, 160)}`)];
}

/**
 * A map of the repository in the spirit of Aider's repomap: files ranked by PageRank over the
 * reference graph (personalised towards `path` when given), each with its most used definitions
 * (signature lines), added in rank order while the text fits `tokenBudget`.
 */
export function readRepositoryMap(db: SqliteDatabase, request: ReadMapRequest = {}): RepositoryMap {
  const budget = request.tokenBudget ?? DEFAULT_MAP_TOKENS;
  const files = db.prepare('SELECT id, path, centrality FROM files ORDER BY id').all() as Array<{
    id: number;
    path: string;
    centrality: number;
  }>;
  const indexOf = new Map(files.map((file, index) => [file.id, index]));
  const condition = pathCondition(request.path);
  const inScope = new Set(
    db
      .prepare(`SELECT f.id FROM files f WHERE ${condition.sql}`)
      .pluck()
      .all(...condition.parameters) as number[],
  );
  // The whole repository's ranks are the centralities stored at the last update; a map of a
  // subtree ranks again, personalised towards it.
  const rank = request.path
    ? pageRank({
        size: files.length,
        edges: toIndexes(
          referenceEdges(db),
          files.map((file) => file.id),
        ),
        personalization: new Map([...inScope].map((id) => [indexOf.get(id) ?? -1, 1])),
      })
    : Float64Array.from(files, (file) => file.centrality / Math.max(1, files.length));
  const definitions = db
    .prepare(
      `SELECT ${DEFINITION_COLUMNS}, (SELECT count(*) FROM refs r WHERE r.name = d.name AND r.file_id != d.file_id AND r.kind != 'reference') AS uses
       FROM definitions d WHERE d.local = 0 ORDER BY d.file_id, d.start_line`,
    )
    .all() as RankedDefinitionRow[];
  const byFile = new Map<number, RankedDefinitionRow[]>();
  for (const row of definitions) byFile.set(row.fileId, [...(byFile.get(row.fileId) ?? []), row]);
  const lines = new LineCache(db);
  const ranked = files
    .filter((file) => inScope.has(file.id))
    .map((file) => ({ ...file, rank: rank[indexOf.get(file.id) ?? 0] ?? 0 }))
    .sort((a, b) => b.rank - a.rank || (a.path < b.path ? -1 : 1));
  const result: RepositoryMap = { text: '', files: [], tokens: 0 };
  let text = '';
  for (const file of ranked) {
    const content = lines.get(file.id);
    const symbols = (byFile.get(file.id) ?? [])
      .sort((a, b) => b.uses - a.uses || a.startLine - b.startLine)
      .slice(0, SYMBOLS_PER_FILE)
      .sort((a, b) => a.startLine - b.startLine)
      .map((row) => symbolDefinition(row, content));
    const block = `${fileLines(file.path, symbols).join('\n')}\n`;
    // A file that does not fit is left out; smaller ones further down may still fit.
    if ((text.length + block.length) / CHARS_PER_TOKEN > budget) continue;
    text += block;
    result.files.push({ path: file.path, rank: file.rank, symbols });
  }
  return { ...result, text, tokens: Math.ceil(text.length / CHARS_PER_TOKEN) };
}
