import { CHARS_PER_TOKEN, DEFAULT_MAP_TOKENS } from '../constants.js';
import type { SqliteDatabase } from '../database/index.js';
import { pathCondition } from '../search/path-filter.js';
import { splitIdentifier } from '../tokenize/index.js';
import type { RepositoryMap, SymbolDefinition } from '../types.js';
import { DEFINITION_COLUMNS, type DefinitionRow, LineCache, symbolDefinition } from './file-rows.js';
import { pageRank, type WeightedEdge } from './pagerank.js';

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

/** A name defined in more files than this is generic (`run`, `title`): its edges count a tenth, as in Aider. */
const GENERIC_NAME_FILES = 5;

/**
 * How much a use of `name` says about which file it points to, after Aider's repo map: a long
 * compound name (`readRepositoryMap`) is specific (×10), a short one (`get`) may be any `get`, a
 * leading underscore marks a private helper (×0.1), and a name many files define is generic (×0.1).
 */
function nameWeight(name: string, definers: number): number {
  let weight = 1;
  if (name.length >= 8 && splitIdentifier(name).length > 1) weight *= 10;
  if (name.startsWith('_')) weight *= 0.1;
  if (definers > GENERIC_NAME_FILES) weight *= 0.1;
  return weight;
}

/**
 * Reference edges between files: a file that calls a function or names a type that another file
 * defines (outside any function body) points at it, with weight √(uses) × `nameWeight`, shared
 * among the files defining the name. Plain identifiers are left out (`url`, `title` are mostly
 * unrelated locals), and so are calls on objects with unspecific names (`x.get()` may be a Map's).
 */
function referenceEdges(db: SqliteDatabase): WeightedEdge[] {
  const uses = db
    .prepare(
      `SELECT r.file_id AS fileId, r.name, count(*) AS uses, max(r.member = 0) AS direct FROM refs r
       WHERE r.kind != 'reference' AND r.name IN (SELECT name FROM definitions WHERE local = 0)
       GROUP BY r.file_id, r.name`,
    )
    .all() as Array<{ fileId: number; name: string; uses: number; direct: number }>;
  const definers = new Map<string, number[]>();
  const rows = db.prepare('SELECT DISTINCT name, file_id AS fileId FROM definitions WHERE local = 0').all();
  for (const row of rows as Array<{ name: string; fileId: number }>) {
    definers.set(row.name, [...(definers.get(row.name) ?? []), row.fileId]);
  }
  const edges: WeightedEdge[] = [];
  for (const use of uses) {
    const targets = (definers.get(use.name) ?? []).filter((fileId) => fileId !== use.fileId);
    const specificity = nameWeight(use.name, targets.length);
    if (targets.length === 0 || (!use.direct && specificity < 10)) continue;
    const weight = (specificity * Math.sqrt(use.uses)) / targets.length;
    for (const target of targets) edges.push({ from: use.fileId, to: target, weight });
  }
  return edges;
}

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
  const files = db.prepare('SELECT id, path FROM files ORDER BY id').all() as Array<{
    id: number;
    path: string;
  }>;
  const indexOf = new Map(files.map((file, index) => [file.id, index]));
  const edges = referenceEdges(db)
    .map((edge) => ({
      from: indexOf.get(edge.from) ?? -1,
      to: indexOf.get(edge.to) ?? -1,
      weight: edge.weight,
    }))
    .filter((edge) => edge.from >= 0 && edge.to >= 0);
  const condition = pathCondition(request.path);
  const inScope = new Set(
    db
      .prepare(`SELECT f.id FROM files f WHERE ${condition.sql}`)
      .pluck()
      .all(...condition.parameters) as number[],
  );
  const personalization = request.path
    ? new Map([...inScope].map((id) => [indexOf.get(id) ?? -1, 1]))
    : undefined;
  const rank = pageRank({ size: files.length, edges, personalization });
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
