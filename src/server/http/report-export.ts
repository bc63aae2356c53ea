import type { ExportRequest, RenderedReport } from '../../export/index.js';
import { ApiError } from './errors.js';

/**
 * A run's report through the process's exporter (rendered in worker threads, limited per client
 * and in all, finished exports sent again from memory). Too many renders under way is a 429 with
 * `Retry-After`; a render stopped or failed is a 500 that says which exports still work.
 */
export async function exportReport(request: ExportRequest): Promise<RenderedReport> {
  // The exporter (markdown renderer, worker pool) loads at the first export, not at server start.
  const { ExportError, sharedReportExporter } = await import('../../export/index.js');
  try {
    return await sharedReportExporter().export(request);
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    if (error.code === 'export_busy')
      throw new ApiError('rate_limited', error.message, {
        cause: error,
        ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
      });
    throw new ApiError('internal', error.message, { cause: error });
  }
}
