import type { SqliteDatabase } from '../database/index.js';
import { splitLines } from '../indexer/index.js';
import type { QuoteVerification } from '../types.js';

/** What `verifyFileQuote` checks: a quote said to be in lines of a file with a given content hash. */
export interface VerifyFileQuoteRequest {
  path: string;
  startLine: number;
  endLine: number;
  quote: string;
  contentHash: string;
}

/** Folds typographic quote marks, dashes, ellipses and non-breaking spaces, and collapses whitespace. */
function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The normalised text of lines with where each line starts in it. */
function normalisedLines(lines: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const line of lines) {
    const piece = normalise(line);
    starts.push(text.length);
    if (piece) text += `${piece} `;
  }
  return { text, starts };
}

function lineAt(starts: readonly number[], offset: number): number {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line++;
  return line + 1;
}

function textOf(db: SqliteDatabase, path: string, hash: string): string | undefined {
  const current = db.prepare('SELECT text FROM files WHERE path = ? AND hash = ?').pluck().get(path, hash);
  if (typeof current === 'string') return current;
  const past = db
    .prepare('SELECT text FROM file_versions WHERE path = ? AND hash = ?')
    .pluck()
    .get(path, hash);
  return typeof past === 'string' ? past : undefined;
}

/**
 * Whether `quote` is in lines `startLine`..`endLine` of the file as it was indexed with
 * `contentHash` (the current version or one of the last few), after normalising whitespace and
 * quote marks. Quote marks around the quote and a trailing ellipsis are ignored; case matters.
 */
export function verifyCorpusQuote(db: SqliteDatabase, request: VerifyFileQuoteRequest): QuoteVerification {
  const text = textOf(db, request.path, request.contentHash);
  if (text === undefined) {
    const known =
      db
        .prepare('SELECT 1 FROM files WHERE path = ? UNION SELECT 1 FROM file_versions WHERE path = ?')
        .get(request.path, request.path) !== undefined;
    return { verified: false, reason: known ? 'unknown_version' : 'unknown_file' };
  }
  const needle = normalise(request.quote)
    .replace(/^["']+|["']+$/g, '')
    .replace(/(\.\.\.)+$/, '')
    .trim();
  if (!needle) return { verified: false, reason: 'not_found' };
  const lines = splitLines(text);
  const cited = normalise(
    lines.slice(Math.max(0, request.startLine - 1), Math.max(0, request.endLine)).join('\n'),
  );
  if (cited.includes(needle))
    return {
      verified: true,
      reason: 'found',
      foundAt: { startLine: request.startLine, endLine: request.endLine },
    };
  const whole = normalisedLines(lines);
  const offset = whole.text.indexOf(needle);
  if (offset === -1) return { verified: false, reason: 'not_found' };
  const foundAt = {
    startLine: lineAt(whole.starts, offset),
    endLine: lineAt(whole.starts, offset + needle.length - 1),
  };
  return { verified: false, reason: 'not_in_lines', foundAt };
}
