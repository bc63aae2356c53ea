import { REPORT_FORMATS, type ReportFormat } from '../contract/index.js';

/** What each format is sent as, and the file name endings that ask for it. */
export const FORMAT_FILES: Record<ReportFormat, { contentType: string; extensions: readonly string[] }> = {
  markdown: { contentType: 'text/markdown; charset=utf-8', extensions: ['.md', '.markdown'] },
  html: { contentType: 'text/html; charset=utf-8', extensions: ['.html', '.htm'] },
  pdf: { contentType: 'application/pdf', extensions: ['.pdf'] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
  },
};

/** The report format a file name asks for by its ending (case-insensitive), or undefined. */
export function reportFormatOfFile(name: string): ReportFormat | undefined {
  const lower = name.toLowerCase();
  return REPORT_FORMATS.find((format) =>
    FORMAT_FILES[format].extensions.some((ending) => lower.endsWith(ending)),
  );
}

/** Every file ending `--out` understands, for error messages. */
export const knownFileEndings = (): string[] =>
  REPORT_FORMATS.flatMap((format) => [...FORMAT_FILES[format].extensions]);
