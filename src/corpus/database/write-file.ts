import { BUILD_POSTINGS_VALUES, KEPT_FILE_VERSIONS } from '../constants.js';
import type { ExtractedDefinition, ExtractedReference } from '../symbols/index.js';
import type { FileKind, FileRole } from '../types.js';
import type { SqliteDatabase } from './open-database.js';
import { type FieldCounts, PostingsWriter } from './postings.js';

/** A chunk with the counts of its terms in the path, title and body fields, and the fields' lengths. */
export interface PreparedChunk {
  startLine: number;
  endLine: number;
  symbol: string | undefined;
  terms: Map<string, FieldCounts>;
  lengths: FieldCounts;
}

/** Everything stored for one file. */
export interface PreparedFile {
  path: string;
  kind: FileKind;
  /** What the file is in its repository (see `fileRole`). */
  role: FileRole;
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
}

function chunkOf(chunkIds: readonly number[], chunks: readonly PreparedChunk[], line: number): number | null {
  const index = chunks.findIndex((chunk) => chunk.startLine <= line && chunk.endLine >= line);
  return index === -1 ? null : (chunkIds[index] ?? null);
}

/**
 * Rows of `refs` one statement inserts: a file of code has hundreds of references, and one call
 * with many rows costs far less than a call (binding, stepping, resetting) for each.
 */
const REFERENCE_BATCH = 64;
const REFERENCE_ROW = '(?, ?, ?, ?, ?, ?)';
const INSERT_REFERENCES = 'INSERT INTO refs (file_id, name, line, kind, member, enclosing_id) VALUES';

/** The statements a writer runs, prepared once. */
function statements(db: SqliteDatabase) {
  return {
    fileId: db.prepare('SELECT id FROM files WHERE path = ?').pluck(),
    oldText: db.prepare('SELECT hash, text FROM files WHERE path = ?'),
    keep: db.prepare(
      'INSERT OR REPLACE INTO file_versions (path, hash, text, replaced_at) VALUES (?, ?, ?, ?)',
    ),
    prune: db.prepare(
      `DELETE FROM file_versions WHERE path = ? AND hash NOT IN
         (SELECT hash FROM file_versions WHERE path = ? ORDER BY replaced_at DESC LIMIT ?)`,
    ),
    chunkTerms: db.prepare('SELECT id, terms FROM chunks WHERE file_id = ?'),
    dropFile: db.prepare('DELETE FROM files WHERE id = ?'),
    insertFile: db.prepare(
      `INSERT INTO files (path, kind, role, language, size, mtime_ms, hash, text, line_count, indexed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertChunk: db.prepare(
      `INSERT INTO chunks (file_id, start_line, end_line, symbol, path_length, title_length, body_length, terms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertDefinition: db.prepare(
      `INSERT INTO definitions (file_id, chunk_id, name, qualified_name, kind, start_line, end_line, local)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertReference: db.prepare(`${INSERT_REFERENCES} ${REFERENCE_ROW}`),
    insertReferences: db.prepare(
      `${INSERT_REFERENCES} ${Array(REFERENCE_BATCH).fill(REFERENCE_ROW).join(', ')}`,
    ),
    touch: db.prepare('UPDATE files SET mtime_ms = ? WHERE path = ?'),
  };
}

/**
 * Writes files into an index: their rows, chunks, symbols and postings. `write` and `delete` are
 * called inside `commit`, whose transaction also writes the postings they changed, so an index is
 * never left with chunks its postings do not know (or the other way round).
 * A new index built beside the live one (`deferPostings`) keeps its postings in memory until
 * `flushPostings`, up to `BUILD_POSTINGS_VALUES`: each block is then written once instead of
 * being read back and rewritten by every commit. Nothing reads a build before it is complete.
 */
export class IndexWriter {
  readonly #db: SqliteDatabase;
  readonly #statements: ReturnType<typeof statements>;
  readonly #postings: PostingsWriter;
  readonly #deferPostings: boolean;

  constructor(db: SqliteDatabase, options: { deferPostings?: boolean } = {}) {
    this.#db = db;
    this.#statements = statements(db);
    this.#postings = new PostingsWriter(db);
    this.#deferPostings = options.deferPostings ?? false;
  }

  /** Runs `work` (writes and deletes) and then writes the postings, in one transaction. */
  commit(work: () => void): void {
    this.#db.transaction(() => {
      work();
      if (!this.#deferPostings || this.#postings.collected > BUILD_POSTINGS_VALUES) this.#postings.flush();
    })();
  }

  /** Writes the postings still held in memory (a build's, once its files are written). */
  flushPostings(): void {
    this.#db.transaction(() => this.#postings.flush())();
  }

  /** Keeps the indexed text of a file that is about to change or go, for citations made before. */
  #keepVersion(path: string): void {
    const old = this.#statements.oldText.get(path) as { hash: string; text: string } | undefined;
    if (!old) return;
    this.#statements.keep.run(path, old.hash, old.text, new Date().toISOString());
    this.#statements.prune.run(path, path, KEPT_FILE_VERSIONS);
  }

  /** Removes a file with its chunks, postings, symbols and vectors; its text is kept as a past version. */
  delete(path: string): void {
    const id = this.#statements.fileId.get(path) as number | undefined;
    if (id === undefined) return;
    this.#keepVersion(path);
    const chunks = this.#statements.chunkTerms.all(id) as Array<{ id: number; terms: string }>;
    for (const chunk of chunks) this.#postings.remove(chunk.id, chunk.terms.split(' '));
    this.#statements.dropFile.run(id);
  }

  /** Replaces a file's rows with a freshly prepared version. */
  write(file: PreparedFile): void {
    const run = this.#statements;
    this.delete(file.path);
    const fileId = Number(
      run.insertFile.run(
        file.path,
        file.kind,
        file.role,
        file.language ?? null,
        file.size,
        file.mtimeMs,
        file.hash,
        file.text,
        file.lineCount,
        new Date().toISOString(),
      ).lastInsertRowid,
    );
    const chunkIds = file.chunks.map((chunk) => {
      const [path, title, body] = chunk.lengths;
      const terms = [...chunk.terms.keys()];
      const chunkId = Number(
        run.insertChunk.run(
          fileId,
          chunk.startLine,
          chunk.endLine,
          chunk.symbol ?? null,
          path,
          title,
          body,
          terms.join(' '),
        ).lastInsertRowid,
      );
      this.#postings.add({ chunkId, fileId, lengths: chunk.lengths, terms: chunk.terms });
      return chunkId;
    });
    const definitionIds = file.definitions.map((definition) =>
      Number(
        run.insertDefinition.run(
          fileId,
          chunkOf(chunkIds, file.chunks, definition.startLine),
          definition.name,
          definition.qualifiedName,
          definition.kind,
          definition.startLine,
          definition.endLine,
          definition.local ? 1 : 0,
        ).lastInsertRowid,
      ),
    );
    const rows = file.references.map((reference) => [
      fileId,
      reference.name,
      reference.line,
      reference.kind,
      reference.member ? 1 : 0,
      definitionIds[reference.enclosing] ?? null,
    ]);
    // In order, so each row gets the rowid it would get alone.
    let at = 0;
    for (; at + REFERENCE_BATCH <= rows.length; at += REFERENCE_BATCH) {
      run.insertReferences.run(rows.slice(at, at + REFERENCE_BATCH).flat());
    }
    for (const row of rows.slice(at)) run.insertReference.run(row);
  }

  /** Records a new modification time for a file whose bytes did not change. */
  touch(path: string, mtimeMs: number): void {
    this.#statements.touch.run(mtimeMs, path);
  }
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

/** Whether an index holds no file and no kept version: a build starts it afresh. */
export function isEmptyIndex(db: SqliteDatabase): boolean {
  const row = (table: string) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined;
  return !row('files') && !row('file_versions');
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
