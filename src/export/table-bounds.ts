import type { DocumentBlock, TextRun } from './blocks.js';
import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from './limits.js';

type Table = Extract<DocumentBlock, { kind: 'table' }>;

const note = (text: string): DocumentBlock => ({
  kind: 'paragraph',
  depth: 0,
  runs: [{ text, italic: true }],
});

/** Cells of the table's body (its header rows not counted). */
const bodyCells = (table: Table) =>
  table.rows.slice(table.headerRows).reduce((sum, row) => sum + row.length, 0);

/** The header and the first body rows holding at most `cells` cells, and how many rows were left out. */
function firstRows(table: Table, cells: number): { table: Table; leftOut: number } {
  const width = Math.max(1, ...table.rows.map((row) => row.length));
  const keep = table.headerRows + Math.floor(cells / width);
  const rows = table.rows.slice(0, keep);
  return { table: { ...table, rows }, leftOut: table.rows.length - rows.length };
}

/** Columns `from` up to `to` (excluded) of every row, led by the row's first cell. */
const columns = (rows: readonly TextRun[][][], span: { from: number; to: number }): TextRun[][][] =>
  rows.map((row) => [
    row[0] ?? [],
    ...Array.from({ length: span.to - span.from }, (_, index) => row[span.from + index] ?? []),
  ]);

/** A table too wide for the page as groups of at most MAX_TABLE_COLUMNS columns, each led by column 1. */
function columnGroups(table: Table): DocumentBlock[] {
  const width = Math.max(0, ...table.rows.map((row) => row.length));
  if (width <= MAX_TABLE_COLUMNS) return [table];
  const step = MAX_TABLE_COLUMNS - 1;
  const groups: DocumentBlock[] = [];
  for (let from = 1; from < width; from += step) {
    const to = Math.min(width, from + step);
    const span = to - from === 1 ? `Column ${from + 1}` : `Columns ${from + 1}–${to}`;
    groups.push(note(`${span} of ${width}, each row led by column 1:`));
    groups.push({ kind: 'table', headerRows: table.headerRows, rows: columns(table.rows, { from, to }) });
  }
  return groups;
}

/**
 * The blocks with their tables bounded for page layout: at most MAX_TABLE_CELLS body cells over
 * the document (a table past them keeps its first rows and says how many more there are), and a table
 * wider than MAX_TABLE_COLUMNS shown in groups of columns. Everything else passes as it is.
 */
export function boundTables(blocks: readonly DocumentBlock[]): DocumentBlock[] {
  let budget = MAX_TABLE_CELLS;
  return blocks.flatMap((block) => {
    if (block.kind !== 'table') return [block];
    const { table, leftOut } = firstRows(block, budget);
    budget = Math.max(0, budget - bodyCells(table));
    const shown = columnGroups(table);
    if (leftOut === 0) return shown;
    const rows = leftOut === 1 ? '1 more row' : `${leftOut.toLocaleString('en-US')} more rows`;
    return [
      ...shown,
      note(`${rows} of this table are left out here; the HTML and markdown exports show them all.`),
    ];
  });
}
