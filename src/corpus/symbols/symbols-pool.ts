import { availableParallelism } from 'node:os';
import { createWorkerPool, startModuleWorker, type WorkerPool } from '../../shared/index.js';
import { SYMBOL_TIMEOUT_MS, SYMBOL_WORKERS } from '../constants.js';
import type { ExtractedSymbols } from './extracted.js';
import { type PackedSymbols, packSymbols, unpackSymbols } from './packed-symbols.js';
import { type SymbolsRequest, symbolsHere } from './symbols-here.js';

/** Extracts files' symbols off this thread. */
export interface SymbolsPool {
  /**
   * A file's symbols, the same as extracted in this thread. A worker that fails or runs out of time
   * on the file hands it back to this thread; what fails here too rejects as it would have there.
   */
  extract(request: SymbolsRequest): Promise<ExtractedSymbols>;
}

/** Starts the worker: `symbols-worker.js` beside this file when built, `.ts` from source. */
function startSymbolsWorker() {
  const fromSource = import.meta.url.endsWith('.ts');
  return startModuleWorker(new URL(`./symbols-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url));
}

let shared: WorkerPool<SymbolsRequest, PackedSymbols> | undefined;

/**
 * The process's pool of `SYMBOL_WORKERS` parsing threads (none with one core: there files are
 * parsed in this thread), started on first use and kept with its grammars loaded; idle workers
 * never keep the process alive. Files are parsed in the order they are sent.
 */
export function sharedSymbolsPool(): SymbolsPool {
  shared ??= createWorkerPool<SymbolsRequest, PackedSymbols>({
    size: availableParallelism() > 1 ? SYMBOL_WORKERS : 0,
    timeoutMs: SYMBOL_TIMEOUT_MS,
    start: startSymbolsWorker,
    runHere: async (request) => packSymbols(await symbolsHere(request)),
  });
  const pool = shared;
  return {
    extract: (request) => pool.run(request).then(unpackSymbols, () => symbolsHere(request)),
  };
}
