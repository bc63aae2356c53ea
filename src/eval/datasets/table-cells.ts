import { DatasetError } from '../errors.js';
import type { LocatedRecord } from './read-records.js';

type Row = LocatedRecord<Record<string, string>>;

/** The column of `columns` named `name`, ignoring case and surrounding spaces. */
export function findColumn(columns: readonly string[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  return columns.find((column) => column.trim().toLowerCase() === wanted);
}

/** A cell by column name (any case), trimmed; undefined when the column is absent or the cell empty. */
export function cell(row: Row, name: string): string | undefined {
  const column = findColumn(Object.keys(row.value), name);
  const value = column === undefined ? undefined : row.value[column]?.trim();
  return value ? value : undefined;
}

/** A cell that must not be empty; the error names the line and the column. */
export function requiredCell(row: Row, name: string, hint: string): string {
  const value = cell(row, name);
  if (value === undefined)
    throw new DatasetError({ ...row.location, field: name }, `empty or missing. ${hint}`);
  return value;
}
