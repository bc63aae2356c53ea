export { ExportError } from './errors.js';
export { knownFileEndings, reportFormatOfFile } from './formats.js';
export { checkExportPackages } from './optional-packages.js';

export { type RenderedReport, renderReport } from './render.js';

export { reportMarkdown } from './report.js';
export {
  createReportExporter,
  type ExportRequest,
} from './report-exporter.js';

export { setSharedReportExporter, sharedReportExporter } from './shared-exporter.js';
