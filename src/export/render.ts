import type { ReportFormat, ResearchResult } from '../contract/index.js';
import { reportDocument } from './document.js';
import { FORMAT_FILES } from './formats.js';
import type { PdfOptions } from './pdf.js';
import { reportMarkdown } from './report.js';
import { reportHtml } from './report-html.js';

/** A report in one format, ready to send or write. */
export interface RenderedReport {
  body: string | Uint8Array;
  contentType: string;
  /** The file name ending that goes with it (`.pdf`). */
  extension: string;
}

/** What `renderReport` takes. */
export interface RenderReportOptions {
  format: ReportFormat;
  question: string;
  result: ResearchResult;
  /** Fonts of the PDF (see `PdfOptions`). */
  pdf?: PdfOptions;
}

/**
 * A finished run's report in `format`. Markdown and HTML are made at once; PDF and DOCX load their
 * writer (pdfkit, docx) on first use, from the same document the HTML export shows.
 */
export async function renderReport(options: RenderReportOptions): Promise<RenderedReport> {
  const { format, question, result } = options;
  const { contentType, extensions } = FORMAT_FILES[format];
  const extension = extensions[0] ?? '';
  if (format === 'markdown') return { body: reportMarkdown(question, result), contentType, extension };
  if (format === 'html') return { body: reportHtml(question, result), contentType, extension };
  const document = reportDocument(question, result);
  if (format === 'pdf') {
    const { renderPdf } = await import('./pdf.js');
    return { body: await renderPdf(document, options.pdf), contentType, extension };
  }
  const { renderDocx } = await import('./docx.js');
  return { body: await renderDocx(document), contentType, extension };
}
