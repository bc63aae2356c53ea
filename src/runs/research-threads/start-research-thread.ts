import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../shared/index.js';
import type { ResearchThreadData } from './messages.js';

/** Starts a research thread: `research-thread.js` beside this file when built, `.ts` from source. */
export function startResearchThread(data: ResearchThreadData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  return startModuleWorker(new URL(`./research-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url), {
    workerData: data,
  });
}
