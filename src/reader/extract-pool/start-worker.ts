import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../shared/index.js';

/** Starts the extraction worker: `extract-worker.js` beside this file when built, `.ts` from source. */
export function startExtractWorker(workerUrl?: URL): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  return startModuleWorker(
    workerUrl ?? new URL(`./extract-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
  );
}
