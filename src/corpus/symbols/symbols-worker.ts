import { serveWorkerTasks } from '../../shared/index.js';
import { packSymbols } from './packed-symbols.js';
import { type SymbolsRequest, symbolsHere } from './symbols-here.js';

// One file at a time: the pool sends a file only to an idle worker.
serveWorkerTasks(async (request: SymbolsRequest) => packSymbols(await symbolsHere(request)));
