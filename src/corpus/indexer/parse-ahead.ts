import type { ExtractedSymbols } from '../symbols/extracted.js';
import type { SymbolsPool } from '../symbols/symbols-pool.js';
import type { Decision } from './decide-file.js';

/** A file's decision; one to index a file with a grammar carries its symbols, under way. */
export type ParsedAhead = Decision & { symbols?: Promise<ExtractedSymbols> };

/**
 * Sends a file to be indexed to the symbols pool as soon as it is read, so a worker parses it while
 * this thread tokenises and writes the files before it.
 */
export function parseAhead(decision: Decision, pool: SymbolsPool): ParsedAhead {
  if (!('file' in decision) || !decision.file.grammar) return decision;
  const symbols = pool.extract({ grammar: decision.file.grammar, bytes: decision.file.bytes });
  // Waited for when the file is prepared; an update stopped before that must not end the process
  // as an unhandled rejection.
  symbols.catch(() => undefined);
  return { ...decision, symbols };
}
