import { createRenderPool, type RenderPool } from './render-pool.js';
import { createReportExporter, type ReportExporter } from './report-exporter.js';

let pool: RenderPool | undefined;
let shared: ReportExporter | undefined;

/**
 * The process's one exporter, started on first use: renders in a worker pool (idle workers never
 * keep the process alive), with the default limits and cache.
 */
export function sharedReportExporter(): ReportExporter {
  if (!shared) {
    pool = createRenderPool();
    shared = createReportExporter({ render: (options) => pool!.run(options) });
  }
  return shared;
}

/**
 * Replaces the process's exporter, ending the pool of the one in use: for measuring other layouts
 * (`bench/export-report.ts` renders on the event loop, without limits or cache, as before).
 */
export function setSharedReportExporter(exporter: ReportExporter): void {
  void pool?.close();
  pool = undefined;
  shared = exporter;
}
