import type { SqliteDatabase } from '../database/index.js';
import { matchLines } from './match-lines.js';

/** The innermost definition of a file (not a local inside a function body) whose lines hold `line`. */
function enclosingSymbol(db: SqliteDatabase, fileId: number, line: number): string | undefined {
  const row = db
    .prepare(
      `SELECT qualified_name AS name FROM definitions
       WHERE file_id = ? AND local = 0 AND start_line <= ? AND end_line >= ?
       ORDER BY end_line - start_line ASC, start_line DESC LIMIT 1`,
    )
    .get(fileId, line, line) as { name: string } | undefined;
  return row?.name;
}

/** The definition starting at `line` (not a local), if any. */
function definitionAt(db: SqliteDatabase, fileId: number, line: number): string | undefined {
  const row = db
    .prepare(
      `SELECT qualified_name AS name FROM definitions WHERE file_id = ? AND local = 0 AND start_line = ?
       ORDER BY end_line DESC LIMIT 1`,
    )
    .get(fileId, line) as { name: string } | undefined;
  return row?.name;
}

/** A line that only introduces what follows: a comment, a decorator, a docstring or nothing. */
const LEADING_LINE = /^\s*($|\/\/|\/\*|\*|#|@|"""|''')/;

interface Passage {
  db: SqliteDatabase;
  fileId: number;
  startLine: number;
  text: string;
}

/**
 * The symbol a line belongs to: the innermost definition holding it, or, for a doc comment or a
 * decorator just above a definition, that definition. Undefined outside every definition.
 */
function symbolOf(passage: Passage, line: number): string | undefined {
  const enclosing = enclosingSymbol(passage.db, passage.fileId, line);
  if (enclosing) return enclosing;
  const lines = passage.text.split('\n');
  for (let index = line - passage.startLine; index < lines.length; index += 1) {
    if (!LEADING_LINE.test(lines[index] ?? '')) {
      return definitionAt(passage.db, passage.fileId, passage.startLine + index);
    }
  }
  return undefined;
}

/**
 * What a hit shows of its passage: the lines matching the query (numbers and snippet) and the
 * symbol they belong to, the definition around the best-matching line, not the chunk's first one.
 * A passage no line of which matches (a semantic hit) keeps the chunk's symbol and shows its first lines.
 */
export function hitLines(options: Passage & { chunkSymbol: string | undefined; query: string }): {
  matchLines: number[];
  snippet: string;
  symbol?: string;
} {
  const matched = matchLines(options);
  const symbol = matched.bestLine === undefined ? options.chunkSymbol : symbolOf(options, matched.bestLine);
  return { matchLines: matched.matchLines, snippet: matched.snippet, ...(symbol ? { symbol } : {}) };
}
