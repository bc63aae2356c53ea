import { availableParallelism } from 'node:os';
import { createWorkerPool, startModuleWorker, type WorkerPool } from '../shared/index.js';
import { EXPORT_TIMEOUT_MS } from './limits.js';
import { type RenderedReport, type RenderReportOptions, renderReport } from './render.js';

/** Reports rendered off the event loop. */
export type RenderPool = WorkerPool<RenderReportOptions, RenderedReport>;

/** What `createRenderPool` takes. */
export interface RenderPoolOptions {
  /** Worker threads; 0 renders in this thread. Default: half the machine's cores, at least one. */
  workers?: number;
  /** A render still running after this many ms is stopped. Default EXPORT_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The worker script (tests). Default: `render-worker` beside this module. */
  workerUrl?: URL;
}

/** The buffer a rendered PDF or DOCX moves to the pool in, instead of a copy; none for text. */
export function transferableBody(report: RenderedReport): ArrayBuffer[] {
  const { body } = report;
  if (typeof body === 'string') return [];
  // Only a buffer that holds this body alone may move: a pooled one holds other bytes too.
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return whole && body.buffer instanceof ArrayBuffer ? [body.buffer] : [];
}

/**
 * Worker threads that render PDF, DOCX and HTML reports, so laying out a long report never holds
 * up the requests of others. The other half of the cores stays with HTTP and the research runs.
 */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const workerUrl =
    options.workerUrl ?? new URL(`./render-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  return createWorkerPool({
    size: options.workers ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    timeoutMs: options.timeoutMs ?? EXPORT_TIMEOUT_MS,
    start: () => startModuleWorker(workerUrl),
    runHere: renderReport,
  });
}
