import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { DatasetError, type DatasetLocation } from '../errors.js';

/** One record of a dataset file with where it came from, for error messages. */
export interface LocatedRecord<T> {
  value: T;
  location: DatasetLocation;
}

/** Whether the text is JSON (an array) or JSON Lines rather than CSV/TSV. */
export function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '[' || first === '{';
}

/** Reads a JSON array or JSON Lines (blank lines skipped) into located records. */
export function readJsonRecords(file: string, text: string): LocatedRecord<unknown>[] {
  if (text.trimStart().startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new DatasetError({ file }, `not valid JSON (${(error as Error).message}).`, { cause: error });
    }
    if (!Array.isArray(data)) throw new DatasetError({ file }, 'expected a JSON array of questions.');
    return data.map((value, item) => ({ value, location: { file, item } }));
  }
  const records: LocatedRecord<unknown>[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    try {
      records.push({ value: JSON.parse(line), location: { file, line: index + 1 } });
    } catch (error) {
      throw new DatasetError(
        { file, line: index + 1 },
        `not valid JSON (${(error as Error).message}); each line must be one JSON object.`,
        { cause: error },
      );
    }
  });
  return records;
}

/** A CSV or TSV file: its header and its rows keyed by column name. */
export interface Table {
  columns: string[];
  rows: LocatedRecord<Record<string, string>>[];
}

/** The delimiter of a table: tab when the header line has more tabs than commas. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') >>> 0);
  const count = (character: string) => header.split(character).length - 1;
  return count('\t') > count(',') ? '\t' : ',';
}

/** Reads CSV or TSV (RFC 4180 quoting, cells may span lines) with its header row. */
export function readTable(file: string, text: string): Table {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      delimiter: delimiterOf(text),
      bom: true,
      // As pandas reads them: a quote inside an unquoted cell (FRAMES' `["https://…"]`) is literal.
      relax_quotes: true,
      info: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new DatasetError(
      { file, line: line || undefined },
      `not valid CSV/TSV (${(error as Error).message}).`,
      { cause: error },
    );
  }
  const headerEnd = text.slice(0, text.indexOf('\n') >>> 0).length > 0 ? 1 : 0;
  let previousEnd = headerEnd;
  const rows = parsed.map(({ record, info }) => {
    // A record starts on the line after the previous one ended (cells may span lines).
    const row = { value: record, location: { file, line: previousEnd + 1 } };
    previousEnd = info.lines;
    return row;
  });
  const columns = Object.keys(parsed[0]?.record ?? {});
  return { columns: columns.length > 0 ? columns : headerColumns(text), rows };
}

function headerColumns(text: string): string[] {
  const header = text.replace(/^\uFEFF/, '').split('\n')[0] ?? '';
  return header.split(delimiterOf(text)).map((name) => name.trim().replace(/^"|"$/g, ''));
}

/** Validates a record against a schema; the error names the file, line or item and the field. */
export function checkRecord<T>(record: LocatedRecord<unknown>, schema: z.ZodType<T>, hint: string): T {
  const parsed = schema.safeParse(record.value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new DatasetError(
    // Spread over the record's location, which may name a field of its own.
    { ...record.location, ...(field ? { field } : {}) },
    `${issue?.message ?? 'invalid record'}. ${hint}`,
  );
}
