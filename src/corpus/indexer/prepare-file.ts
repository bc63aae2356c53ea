import { pathToFileURL } from 'node:url';
import { extractContent } from '../../reader/index.js';
import { type Chunk, chunkCode, chunkProse } from '../chunk/index.js';
import type { PreparedChunk, PreparedFile } from '../database/write-file.js';
import { extractSymbols, grammarFor } from '../symbols/index.js';
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

function prepareChunk(chunk: Chunk, lines: readonly string[], pathField: string[]): PreparedChunk {
  const title = tokenize(chunk.title);
  const body = tokenize(lines.slice(chunk.startLine - 1, chunk.endLine).join('\n'));
  return {
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    fields: { path: pathField.join(' '), title: title.join(' '), body: body.join(' ') },
    lengths: { path: pathField.length, title: title.length, body: body.length },
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
 * known, chunks it along definitions or headings, and tokenises every chunk's path, title and body.
 */
export async function prepareFile(file: FileBytes): Promise<PreparedFile> {
  const { text, title } = await textOf(file);
  const lines = splitLines(text);
  const loading = file.grammar ? grammarFor(file.grammar) : undefined;
  const symbols = loading ? extractSymbols(await loading, text) : { definitions: [], references: [] };
  const chunks = file.kind === 'code' ? chunkCode(lines, symbols.definitions) : chunkProse(lines, title);
  const pathField = pathTokens(file.path);
  return {
    path: file.path,
    kind: file.kind,
    language: file.grammar,
    size: file.size,
    mtimeMs: file.mtimeMs,
    hash: file.hash,
    text,
    lineCount: lines.length,
    chunks: chunks.map((chunk) => prepareChunk(chunk, lines, pathField)),
    definitions: symbols.definitions,
    references: symbols.references,
    definitionTokens: symbols.definitions.map((definition) => tokenize(definition.name).join(' ')),
  };
}
