/** Largest colspan or rowspan honoured; bigger ones are markup errors or layout tricks. */
const MAX_SPAN = 20;

/** One cell as the grid needs it: its text and how many columns and rows it spans. */
export interface GridCell {
  text: string;
  colspan: number;
  rowspan: number;
}

/** A span attribute as a whole number from 1 to MAX_SPAN (1 when absent or nonsense). */
export function spanOf(value: string | null): number {
  const span = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(span) && span >= 1 ? Math.min(span, MAX_SPAN) : 1;
}

/**
 * Lays out rows of cells on a grid, as browsers do: a cell takes the first column not held by a
 * cell spanning down from a row above; a cell spanning rows repeats its text in each row below (so
 * every row reads whole), one spanning columns leaves the columns after it empty. Every row gets
 * the same number of columns.
 */
export function layOutGrid(rows: readonly (readonly GridCell[])[]): string[][] {
  const grid: string[][] = [];
  /** Text held in a column by a cell from above, and for how many more rows. */
  const held = new Map<number, { text: string; rows: number }>();
  for (const cells of rows) {
    const row: string[] = [];
    const take = (column: number) => {
      const above = held.get(column);
      if (!above) return false;
      row[column] = above.text;
      if (above.rows <= 1) held.delete(column);
      else held.set(column, { text: above.text, rows: above.rows - 1 });
      return true;
    };
    let column = 0;
    for (const cell of cells) {
      while (take(column)) column += 1;
      for (let offset = 0; offset < cell.colspan; offset += 1) {
        row[column + offset] = offset === 0 ? cell.text : '';
        if (cell.rowspan > 1) {
          held.set(column + offset, { text: offset === 0 ? cell.text : '', rows: cell.rowspan - 1 });
        }
      }
      column += cell.colspan;
    }
    // Cells held from above at the end of the row (after its own cells).
    for (const next of [...held.keys()].sort((a, b) => a - b)) if (next >= column) take(next);
    grid.push(Array.from(row, (text) => text ?? ''));
  }
  // A loop, not `Math.max(...)`: a table of hundreds of thousands of rows overflows a spread.
  const width = grid.reduce((widest, row) => Math.max(widest, row.length), 0);
  return grid.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
}
