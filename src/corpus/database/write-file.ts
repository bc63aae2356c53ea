import { KEPT_FILE_VERSIONS } from '../constants.js';
import type { ExtractedDefinition, ExtractedReference } from '../symbols/index.js';
import type { FileKind } from '../types.js';
import type { SqliteDatabase } from './open-database.js';

/** A chunk with its field tokens, space-separated, and their counts. */
export interface PreparedChunk {
  startLine: number;
  endLine: number;
  symbol: string | undefined;
  fields: { path: string; title: string; body: string };
  lengths: { path: number; title: number; body: number };
}

/** Everything stored for one file. */
export interface PreparedFile {
  path: string;
  kind: FileKind;
  language: string | undefined;
  size: number;
  mtimeMs: number;
  /** sha256 hex of the file's bytes. */
  hash: string;
  /** The text lines are counted in: the file itself, or a document's extracted markdown. */
  text: string;
  lineCount: number;
  chunks: PreparedChunk[];
  definitions: ExtractedDefinition[];
  references: ExtractedReference[];
  /** Tokens of each definition's name, space-separated. */
  definitionTokens: string[];
}

/** Keeps the indexed text of a file that is about to change or go, for citations made before. */
function keepVersion(db: SqliteDatabase, path: string): void {
  const old = db.prepare('SELECT hash, text FROM files WHERE path = ?').get(path) as
    | { hash: string; text: string }
    | undefined;
  if (!old) return;
  db.prepare('INSERT OR REPLACE INTO file_versions (path, hash, text, replaced_at) VALUES (?, ?, ?, ?)').run(
    path,
    old.hash,
    old.text,
    new Date().toISOString(),
  );
  db.prepare(
    `DELETE FROM file_versions WHERE path = ? AND hash NOT IN
       (SELECT hash FROM file_versions WHERE path = ? ORDER BY replaced_at DESC LIMIT ?)`,
  ).run(path, path, KEPT_FILE_VERSIONS);
}

/** Removes a file with its chunks, symbols and vectors; its text is kept as a past version. */
export function deleteFile(db: SqliteDatabase, path: string): void {
  const id = db.prepare('SELECT id FROM files WHERE path = ?').pluck().get(path) as number | undefined;
  if (id === undefined) return;
  keepVersion(db, path);
  db.prepare('DELETE FROM chunk_text WHERE rowid IN (SELECT id FROM chunks WHERE file_id = ?)').run(id);
  db.prepare('DELETE FROM symbol_names WHERE rowid IN (SELECT id FROM definitions WHERE file_id = ?)').run(
    id,
  );
  db.prepare('DELETE FROM files WHERE id = ?').run(id);
}

function chunkOf(chunkIds: readonly number[], chunks: readonly PreparedChunk[], line: number): number | null {
  const index = chunks.findIndex((chunk) => chunk.startLine <= line && chunk.endLine >= line);
  return index === -1 ? null : (chunkIds[index] ?? null);
}

/** Replaces a file's rows with a freshly prepared version (call inside a transaction). */
export function writeFile(db: SqliteDatabase, file: PreparedFile): void {
  deleteFile(db, file.path);
  const fileId = Number(
    db
      .prepare(
        `INSERT INTO files (path, kind, language, size, mtime_ms, hash, text, line_count, indexed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        file.path,
        file.kind,
        file.language ?? null,
        file.size,
        file.mtimeMs,
        file.hash,
        file.text,
        file.lineCount,
        new Date().toISOString(),
      ).lastInsertRowid,
  );
  const insertChunk = db.prepare(
    `INSERT INTO chunks (file_id, start_line, end_line, symbol, path_length, title_length, body_length)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertText = db.prepare('INSERT INTO chunk_text (rowid, path, title, body) VALUES (?, ?, ?, ?)');
  const chunkIds = file.chunks.map((chunk) => {
    const id = Number(
      insertChunk.run(
        fileId,
        chunk.startLine,
        chunk.endLine,
        chunk.symbol ?? null,
        chunk.lengths.path,
        chunk.lengths.title,
        chunk.lengths.body,
      ).lastInsertRowid,
    );
    insertText.run(id, chunk.fields.path, chunk.fields.title, chunk.fields.body);
    return id;
  });
  const insertDefinition = db.prepare(
    `INSERT INTO definitions (file_id, chunk_id, name, qualified_name, kind, start_line, end_line, local)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertName = db.prepare('INSERT INTO symbol_names (rowid, name) VALUES (?, ?)');
  const definitionIds = file.definitions.map((definition, index) => {
    const id = Number(
      insertDefinition.run(
        fileId,
        chunkOf(chunkIds, file.chunks, definition.startLine),
        definition.name,
        definition.qualifiedName,
        definition.kind,
        definition.startLine,
        definition.endLine,
        definition.local ? 1 : 0,
      ).lastInsertRowid,
    );
    // Local helpers stay resolvable by name but do not compete in the symbol-name search leg.
    if (!definition.local) insertName.run(id, file.definitionTokens[index] ?? '');
    return id;
  });
  const insertReference = db.prepare(
    'INSERT INTO refs (file_id, name, line, kind, member, enclosing_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const reference of file.references) {
    insertReference.run(
      fileId,
      reference.name,
      reference.line,
      reference.kind,
      reference.member ? 1 : 0,
      definitionIds[reference.enclosing] ?? null,
    );
  }
}

/** Records a new modification time for a file whose bytes did not change. */
export function touchFile(db: SqliteDatabase, path: string, mtimeMs: number): void {
  db.prepare('UPDATE files SET mtime_ms = ? WHERE path = ?').run(mtimeMs, path);
}

/** What the index knows of one file. */
export function indexedFile(
  db: SqliteDatabase,
  path: string,
): { size: number; mtimeMs: number; hash: string } | undefined {
  return db.prepare('SELECT size, mtime_ms AS mtimeMs, hash FROM files WHERE path = ?').get(path) as
    | { size: number; mtimeMs: number; hash: string }
    | undefined;
}

/** What the index knows of each file, to decide what to read again. */
export function indexedFiles(
  db: SqliteDatabase,
): Map<string, { size: number; mtimeMs: number; hash: string }> {
  const rows = db.prepare('SELECT path, size, mtime_ms AS mtimeMs, hash FROM files').all() as Array<{
    path: string;
    size: number;
    mtimeMs: number;
    hash: string;
  }>;
  return new Map(rows.map((row) => [row.path, row]));
}
