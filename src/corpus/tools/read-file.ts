import { DEFAULT_READ_LINES } from '../constants.js';
import type { SqliteDatabase } from '../database/index.js';
import { CorpusError } from '../errors.js';
import { refreshFile, splitLines } from '../indexer/index.js';
import type { FileExcerpt } from '../types.js';
import { confinePath } from './confine-path.js';
import { fileRow } from './file-rows.js';

/** What `readFile` asks for: a path relative to the root and an optional line range (1-based). */
export interface ReadFileRequest {
  path: string;
  startLine?: number;
  endLine?: number;
}

function checkLine(value: number | undefined, name: string): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
    throw new CorpusError({
      code: 'invalid_request',
      message: `${name} must be a whole number ≥ 1, got ${value}.`,
    });
  }
}

/**
 * Lines of a corpus file as indexed (re-indexed first if it changed on disk), with the content
 * hash a citation of them should carry. Only indexed files can be read: ignored, binary and
 * oversized files are not part of the corpus. Without a range, the first `DEFAULT_READ_LINES`.
 */
export async function readCorpusFile(options: {
  root: string;
  db: SqliteDatabase;
  request: ReadFileRequest;
  /** Whether the corpus indexes secret files; otherwise one indexed before is dropped, not read. */
  indexSecrets: boolean;
}): Promise<FileExcerpt> {
  const { request, db } = options;
  checkLine(request.startLine, 'startLine');
  checkLine(request.endLine, 'endLine');
  const path = await confinePath(options.root, request.path);
  await refreshFile({ root: options.root, db, path, indexSecrets: options.indexSecrets });
  const row = fileRow(db, path);
  if (!row) {
    throw new CorpusError({
      code: 'file_not_found',
      path,
      message: `"${path}" is not in the corpus index (ignored, a secret file, binary or too large).`,
    });
  }
  const lines = splitLines(row.text);
  const startLine = request.startLine ?? 1;
  if (startLine > lines.length) {
    throw new CorpusError({
      code: 'invalid_request',
      path,
      message: `"${path}" has ${lines.length} lines; startLine ${startLine} is past its end.`,
    });
  }
  const wanted = request.endLine ?? startLine + DEFAULT_READ_LINES - 1;
  if (wanted < startLine) {
    throw new CorpusError({
      code: 'invalid_request',
      path,
      message: `endLine ${wanted} is before startLine ${startLine}.`,
    });
  }
  const endLine = Math.min(wanted, lines.length);
  return {
    path,
    startLine,
    endLine,
    totalLines: lines.length,
    text: lines.slice(startLine - 1, endLine).join('\n'),
    contentHash: row.hash,
    kind: row.kind,
    language: row.language ?? undefined,
  };
}
