import { Worker } from 'node:worker_threads';

/**
 * Starts the extraction worker. Built (`dist/`), it is plain JavaScript beside this file; run from
 * source (tsx, vitest), the worker registers tsx's loader first so it can import TypeScript.
 */
export function startExtractWorker(workerUrl?: URL): Worker {
  // A worker takes the process's flags; `--input-type` (for `node -e`) would stop it loading a file.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const fromSource = import.meta.url.endsWith('.ts');
  const target = workerUrl ?? new URL(`./extract-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!target.pathname.endsWith('.ts')) return new Worker(target, { execArgv });
  const loader = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(target.href)}); });`;
  return new Worker(code, { eval: true, execArgv });
}
