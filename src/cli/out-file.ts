import type { ReportFormat, ResearchResult } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { knownFileEndings, reportFormatOfFile } from '../export/index.js';
import { resultToJson } from './format.js';

/** What `--out FILE` writes: the `--json` object, or the report in the format its ending names. */
export type OutFormat = 'json' | ReportFormat;

/**
 * The format of `--out FILE`: JSON with `--json` or a `.json` name, else the report format of its
 * ending (`.md`, `.html`, `.pdf`, `.docx`…). Any other ending is a usage error naming them all, and
 * so is `--json` with a PDF, DOCX or HTML name.
 */
export function outFormatOf(file: string, json: boolean): OutFormat {
  const format = reportFormatOfFile(file);
  if (json && (format === 'pdf' || format === 'docx' || format === 'html'))
    throw new ConfigError(
      `--json writes JSON, but --out ${file} names a ${format.toUpperCase()} file; drop --json or name a .json file.`,
      { key: 'out' },
    );
  if (json || file.toLowerCase().endsWith('.json')) return 'json';
  if (format) return format;
  throw new ConfigError(
    `--out ${file} has an ending no format goes with; use one of ${[...knownFileEndings(), '.json'].join(', ')} (e.g. --out report.pdf).`,
    { key: 'out' },
  );
}

/** The result as `format` says: the `--json` object, or the report as the server serves it (markdown as the terminal shows it). */
export async function renderOut(
  format: OutFormat,
  result: ResearchResult,
  cause?: { code: string; message: string },
): Promise<string | Uint8Array> {
  if (format === 'json') return `${JSON.stringify(resultToJson(result, cause), null, 2)}\n`;
  const { renderReport } = await import('../export/index.js');
  return (await renderReport({ format, question: result.question, result })).body;
}
