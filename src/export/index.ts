export { ExportError, type ExportErrorCode, type ExportLimitScope } from './errors.js';
export { FORMAT_FILES, knownFileEndings, reportFormatOfFile } from './formats.js';
export { checkExportPackages } from './optional-packages.js';
export type { PdfOptions } from './pdf.js';
export type { PdfFontFiles } from './pdf-fonts.js';
export { type RenderedReport, type RenderReportOptions, renderReport } from './render.js';
export { createRenderPool, type RenderPool, type RenderPoolOptions } from './render-pool.js';
export { reportMarkdown } from './report.js';
export {
  createReportExporter,
  type ExportRequest,
  type ReportExporter,
  type ReportExporterOptions,
} from './report-exporter.js';
export { reportHtml } from './report-html.js';
export { setSharedReportExporter, sharedReportExporter } from './shared-exporter.js';
