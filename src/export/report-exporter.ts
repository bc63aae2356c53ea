import { createHash } from 'node:crypto';
import { WorkerPoolError } from '../shared/index.js';
import { ExportError } from './errors.js';
import { EXPORT_CACHE_BYTES, MAX_RENDERS, MAX_RENDERS_PER_CLIENT } from './limits.js';
import { type RenderedReport, type RenderReportOptions, renderReport } from './render.js';

/** What `createReportExporter` takes. */
export interface ReportExporterOptions {
  /** Renders a PDF, DOCX or HTML report (a render pool's `run`); markdown is made in this thread. */
  render: (options: RenderReportOptions) => Promise<RenderedReport>;
  /** Renders one client may have under way or waiting. Default MAX_RENDERS_PER_CLIENT. */
  maxPerClient?: number;
  /** Renders under way or waiting in all. Default MAX_RENDERS. */
  maxTotal?: number;
  /** Bytes of finished exports kept; 0 keeps none. Default EXPORT_CACHE_BYTES. */
  cacheBytes?: number;
}

/** One export: the report to render, and who asks (a token id), whose renders are counted. */
export interface ExportRequest extends RenderReportOptions {
  client: string;
}

/** Renders reports within limits, sending a finished one again from memory. */
export interface ReportExporter {
  /** The report; rejects with `ExportError` (`export_busy`, `export_timeout`, `export_failed`). */
  export(request: ExportRequest): Promise<RenderedReport>;
}

/** Seconds a refused client is told to wait: about one render, at least 1 s, at most a minute. */
const retryAfter = (renderMs: number) => Math.min(60, Math.max(1, Math.ceil(renderMs / 1000)));

const sizeOf = (report: RenderedReport) =>
  typeof report.body === 'string' ? Buffer.byteLength(report.body) : report.body.byteLength;

/** The same report always has the same key: its format, question and result, hashed. */
function keyOf(request: RenderReportOptions): string {
  const { format, question, result, pdf } = request;
  return createHash('sha256')
    .update(JSON.stringify([format, question, result, pdf ?? null]))
    .digest('hex');
}

function exportError(error: unknown, format: string): ExportError {
  if (error instanceof ExportError) return error;
  const name = format.toUpperCase();
  if (error instanceof WorkerPoolError && error.code === 'task_timeout')
    return new ExportError({
      code: 'export_timeout',
      cause: error,
      message: `Rendering the ${name} report took too long and was stopped; the HTML and markdown exports show the same report.`,
    });
  const why = error instanceof Error ? error.message : String(error);
  return new ExportError({
    code: 'export_failed',
    cause: error,
    message: `The ${name} report could not be rendered (${why}); the markdown export shows the same report.`,
  });
}

/**
 * Exports of finished runs, made so that no client can hold up the others: markdown is assembled
 * here (no layout), PDF, DOCX and HTML are rendered by `render` (a worker pool), at most
 * `maxPerClient` renders per client and `maxTotal` in all under way or waiting; past either an
 * export is refused with `export_busy` and a wait. A report already rendered, or being rendered
 * for someone else, is not rendered again: a finished run's report cannot change, and the cache
 * key is the report's content, so a changed result is a new report.
 */
export function createReportExporter(options: ReportExporterOptions): ReportExporter {
  const maxPerClient = options.maxPerClient ?? MAX_RENDERS_PER_CLIENT;
  const maxTotal = options.maxTotal ?? MAX_RENDERS;
  const cacheBytes = options.cacheBytes ?? EXPORT_CACHE_BYTES;
  const cache = new Map<string, RenderedReport>();
  const underWay = new Map<string, Promise<RenderedReport>>();
  const perClient = new Map<string, number>();
  let cachedBytes = 0;
  let total = 0;
  // A running average of how long a render takes from request to bytes, waiting included.
  let renderMs = 1_000;

  const keep = (key: string, report: RenderedReport) => {
    const size = sizeOf(report);
    // One report may take an eighth of the cache at most, so a few huge ones cannot empty it.
    if (size > cacheBytes / 8) return;
    cache.set(key, report);
    cachedBytes += size;
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= cacheBytes) break;
      cache.delete(oldest);
      cachedBytes -= sizeOf(entry);
    }
  };

  const admit = (client: string) => {
    const mine = perClient.get(client) ?? 0;
    const scope = mine >= maxPerClient ? 'client' : total >= maxTotal ? 'server' : undefined;
    if (!scope) return;
    const seconds = retryAfter(renderMs);
    const limit =
      scope === 'client'
        ? `you have ${mine} reports rendering (at most ${maxPerClient} at once)`
        : `the server is rendering ${total} reports (at most ${maxTotal} at once)`;
    throw new ExportError({
      code: 'export_busy',
      scope,
      retryAfterSeconds: seconds,
      message: `Too many exports under way: ${limit}; try again in ${seconds} s.`,
    });
  };

  const release = (client: string) => {
    total -= 1;
    const mine = (perClient.get(client) ?? 1) - 1;
    if (mine > 0) perClient.set(client, mine);
    else perClient.delete(client);
  };

  const render = async (key: string, request: ExportRequest): Promise<RenderedReport> => {
    const { client, ...report } = request;
    const started = performance.now();
    try {
      const rendered = await options.render(report);
      keep(key, rendered);
      renderMs = renderMs * 0.7 + (performance.now() - started) * 0.3;
      return rendered;
    } catch (error) {
      throw exportError(error, request.format);
    } finally {
      underWay.delete(key);
      release(client);
    }
  };

  return {
    async export(request) {
      if (request.format === 'markdown') return renderReport(request);
      const key = keyOf(request);
      const cached = cache.get(key);
      if (cached) {
        // Sent again: the most recently used entry is the last one dropped.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const pending = underWay.get(key);
      if (pending) return pending;
      admit(request.client);
      total += 1;
      perClient.set(request.client, (perClient.get(request.client) ?? 0) + 1);
      const rendering = render(key, request);
      underWay.set(key, rendering);
      return rendering;
    },
  };
}
