import { extractSymbols } from './extract-symbols.js';
import type { ExtractedSymbols } from './extracted.js';
import { grammarFor } from './parser.js';

/** A file to extract symbols from: its grammar's name and its bytes (UTF-8). */
export interface SymbolsRequest {
  grammar: string;
  bytes: Uint8Array;
}

/** A file's symbols, extracted in this thread; none for a grammar without queries. */
export async function symbolsHere(request: SymbolsRequest): Promise<ExtractedSymbols> {
  const loading = grammarFor(request.grammar);
  if (!loading) return { definitions: [], references: [] };
  return extractSymbols(await loading, new TextDecoder('utf-8').decode(request.bytes));
}
