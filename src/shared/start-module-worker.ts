import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on `target`. Built (`dist/`), the target is plain JavaScript; run from
 * source (tsx, vitest) it is TypeScript, and the worker registers tsx's loader before importing
 * it. The process's `--input-type` flag (of `node -e`) is left out: it would stop a worker loading
 * a file.
 */
export function startModuleWorker(
  target: URL,
  options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {},
): Worker {
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  if (!target.pathname.endsWith('.ts')) return new Worker(target, { ...options, execArgv });
  const loader = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(target.href)}); });`;
  return new Worker(code, { ...options, execArgv, eval: true });
}
