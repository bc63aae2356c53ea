export { FORMAT_FILES, knownFileEndings, reportFormatOfFile } from './formats.js';
export type { PdfOptions } from './pdf.js';
export type { PdfFontFiles } from './pdf-fonts.js';
export { type RenderedReport, type RenderReportOptions, renderReport } from './render.js';
export { reportHtml, reportMarkdown } from './report.js';
