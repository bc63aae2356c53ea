import { Worker } from 'node:worker_threads';
import { WORKER_HEAP_MB } from './limits.js';
import type { ComputeWorkerRequest } from './messages.js';

/**
 * Starts a worker for one program. Built (`dist/`), the worker is plain JavaScript beside this
 * file; run from source (tsx, vitest), it registers tsx's loader first so it can import
 * TypeScript. The worker gets no environment variables (nothing secret is in reach even of the
 * host code around the sandbox) and a small heap of its own.
 */
export function startComputeWorker(request: ComputeWorkerRequest): Worker {
  // A worker takes the process's flags; `--input-type` (for `node -e`) would stop it loading a file.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const fromSource = import.meta.url.endsWith('.ts');
  const target = new URL(`./worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const options = {
    execArgv,
    workerData: request,
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: fromSource ? 4 * WORKER_HEAP_MB : WORKER_HEAP_MB },
  };
  if (!fromSource) return new Worker(target, options);
  const loader = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(target.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
