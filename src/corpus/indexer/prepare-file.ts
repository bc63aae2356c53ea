import { pathToFileURL } from 'node:url';
import { extractContent } from '../../reader/index.js';
import { type Chunk, chunkCode, chunkProse } from '../chunk/index.js';
import type { FieldCounts, PreparedChunk, PreparedFile } from '../database/index.js';
import { fileRole } from '../roles/index.js';
import type { ExtractedSymbols } from '../symbols/extracted.js';
import { symbolsHere } from '../symbols/symbols-here.js';
import { pathTokens, tokenize } from '../tokenize/index.js';
import type { FileKind } from '../types.js';

/** A file read from disk, about to be chunked. */
export interface FileBytes {
  path: string;
  absolute: string;
  size: number;
  mtimeMs: number;
  hash: string;
  bytes: Uint8Array;
  kind: FileKind;
  grammar: string | undefined;
}

/** Lines of a text, without the empty line after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Each token's count in the field at `field` (0 path, 1 title, 2 body). */
function countInto(terms: Map<string, FieldCounts>, tokens: readonly string[], field: 0 | 1 | 2): void {
  for (const token of tokens) {
    const counts = terms.get(token);
    if (counts) counts[field] += 1;
    else terms.set(token, field === 0 ? [1, 0, 0] : field === 1 ? [0, 1, 0] : [0, 0, 1]);
  }
}

function prepareChunk(chunk: Chunk, lines: readonly string[], pathField: readonly string[]): PreparedChunk {
  const title = tokenize(chunk.title);
  const body = tokenize(lines.slice(chunk.startLine - 1, chunk.endLine).join('\n'));
  const terms = new Map<string, FieldCounts>();
  countInto(terms, pathField, 0);
  countInto(terms, title, 1);
  countInto(terms, body, 2);
  return {
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    terms,
    lengths: [pathField.length, title.length, body.length],
  };
}

async function textOf(file: FileBytes): Promise<{ text: string; title: string | undefined }> {
  if (file.kind !== 'document')
    return { text: new TextDecoder('utf-8').decode(file.bytes), title: undefined };
  // HTML and PDF go through the reader; their lines are those of the extracted markdown.
  const content = await extractContent({
    bytes: file.bytes,
    contentType: undefined,
    url: pathToFileURL(file.absolute).href,
  });
  return { text: content.markdown, title: content.title || undefined };
}

/**
 * Reads a file's text (a document's through the reader), extracts its symbols when a grammar is
 * known (or takes `parsed`, its symbols extracted elsewhere), chunks it along definitions or
 * headings, tokenises every chunk's path, title and body, and tells its role (source, test,
 * generated…).
 */
export async function prepareFile(
  file: FileBytes,
  parsed?: Promise<ExtractedSymbols>,
): Promise<PreparedFile> {
  const { text, title } = await textOf(file);
  const lines = splitLines(text);
  // A file with a grammar is code: its text is its bytes decoded, what the extractor decodes.
  const symbols = file.grammar
    ? await (parsed ?? symbolsHere({ grammar: file.grammar, bytes: file.bytes }))
    : { definitions: [], references: [] };
  const chunks = file.kind === 'code' ? chunkCode(lines, symbols.definitions) : chunkProse(lines, title);
  const pathField = pathTokens(file.path);
  return {
    path: file.path,
    kind: file.kind,
    role: fileRole({ path: file.path, kind: file.kind, lines }),
    language: file.grammar,
    size: file.size,
    mtimeMs: file.mtimeMs,
    hash: file.hash,
    text,
    lineCount: lines.length,
    chunks: chunks.map((chunk) => prepareChunk(chunk, lines, pathField)),
    definitions: symbols.definitions,
    references: symbols.references,
  };
}
