import type { SqliteDatabase } from '../database/index.js';
import { splitLines } from '../indexer/index.js';
import type { FileKind, SymbolDefinition } from '../types.js';

/** A file as indexed. */
export interface FileRow {
  id: number;
  path: string;
  kind: FileKind;
  language: string | null;
  hash: string;
  text: string;
}

export function fileRow(db: SqliteDatabase, path: string): FileRow | undefined {
  return db.prepare('SELECT id, path, kind, language, hash, text FROM files WHERE path = ?').get(path) as
    | FileRow
    | undefined;
}

/** Lines of indexed files, each file split once per request. */
export class LineCache {
  private readonly files = new Map<number, { path: string; hash: string; lines: string[] }>();
  constructor(private readonly db: SqliteDatabase) {}

  get(fileId: number): { path: string; hash: string; lines: string[] } {
    let file = this.files.get(fileId);
    if (!file) {
      const row = this.db.prepare('SELECT path, hash, text FROM files WHERE id = ?').get(fileId) as
        | { path: string; hash: string; text: string }
        | undefined;
      file = { path: row?.path ?? '', hash: row?.hash ?? '', lines: row ? splitLines(row.text) : [] };
      this.files.set(fileId, file);
    }
    return file;
  }

  /** Lines `startLine`..`endLine` (1-based, inclusive) of a file, joined. */
  slice(fileId: number, startLine: number, endLine: number): string {
    return this.get(fileId)
      .lines.slice(startLine - 1, endLine)
      .join('\n');
  }
}

/** A row of the `definitions` table as the tools select it (`DEFINITION_COLUMNS`). */
export interface DefinitionRow {
  id: number;
  fileId: number;
  name: string;
  qualifiedName: string;
  kind: SymbolDefinition['kind'];
  startLine: number;
  endLine: number;
}

/** Columns of `definitions d` that make a `DefinitionRow`. */
export const DEFINITION_COLUMNS = `d.id, d.file_id AS fileId, d.name, d.qualified_name AS qualifiedName, d.kind,
  d.start_line AS startLine, d.end_line AS endLine`;

/** A definition with its file's path, content hash and first line. */
export function symbolDefinition(
  row: DefinitionRow,
  file: { path: string; hash: string; lines: readonly string[] },
): SymbolDefinition {
  return {
    name: row.name,
    qualifiedName: row.qualifiedName,
    kind: row.kind,
    path: file.path,
    startLine: row.startLine,
    endLine: row.endLine,
    contentHash: file.hash,
    signature: (file.lines[row.startLine - 1] ?? '').trim(),
  };
}
