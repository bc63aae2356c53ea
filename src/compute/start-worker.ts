import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../shared/index.js';
import { WORKER_HEAP_MB } from './limits.js';
import type { ComputeWorkerRequest } from './messages.js';

/**
 * Starts a worker for one program (`worker.js` beside this file when built, `.ts` from source).
 * The worker gets no environment variables (nothing secret is in reach even of the host code
 * around the sandbox) and a small heap of its own (four times larger from source, where tsx's
 * loader shares it).
 */
export function startComputeWorker(request: ComputeWorkerRequest): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  return startModuleWorker(new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url), {
    workerData: request,
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: fromSource ? 4 * WORKER_HEAP_MB : WORKER_HEAP_MB },
  });
}
