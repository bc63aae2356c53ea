import { childElementsOf, tagOf } from './dom.js';
import type { Syntax } from './syntax.js';
import { layOutGrid, spanOf } from './table-grid.js';
import type { Element } from './tree/index.js';

/** Renders the content of one element (a cell, a caption) as blocks; the caller's block renderer. */
export type RenderBlocks = (element: Element) => string[];

/**
 * Renders a `<table>`: data tables as GFM tables (spanning cells laid out on a grid, see
 * `layOutGrid`), layout tables (nested, one column) as their blocks.
 * The cells' content goes through `renderBlocks`, handed in by the renderer (no import back into it).
 */
export function renderTable(table: Element, syntax: Syntax, renderBlocks: RenderBlocks): string[] {
  const layoutCells = layoutCellsOf(table);
  if (layoutCells) return layoutCells.flatMap((cell) => renderBlocks(cell));
  return renderDataTable(table, syntax, renderBlocks);
}

/** Renders a table that `layoutCellsOf` found not to be a layout table, as a GFM table. */
export function renderDataTable(table: Element, syntax: Syntax, renderBlocks: RenderBlocks): string[] {
  const rows = rowsOf(table);
  const grid = layOutGrid(
    rows.map((row) =>
      cellsOf(row).map((cell) => ({
        text: renderBlocks(cell).join(' ').replace(/\n+/g, ' '),
        colspan: spanOf(cell.getAttribute('colspan')),
        rowspan: spanOf(cell.getAttribute('rowspan')),
      })),
    ),
  );
  const rendered = grid.filter((cells) => cells.some((cell) => cell !== ''));
  if (rendered.length === 0) return [];
  const firstRow = rows[0];
  const hasHeader = firstRow !== undefined && cellsOf(firstRow).some((cell) => tagOf(cell) === 'th');
  const caption = table.querySelector('caption');
  const captionBlocks = caption ? renderBlocks(caption) : [];
  return [...captionBlocks, syntax.table(rendered, hasHeader || rendered.length > 1)];
}

/**
 * The cells of a layout table (one holding tables, presentational, or one column), in order: it is
 * written as their blocks. `undefined` for a data table.
 */
export function layoutCellsOf(table: Element): Element[] | undefined {
  const rows = rowsOf(table);
  const isLayout =
    table.querySelector('table') !== null ||
    table.getAttribute('role') === 'presentation' ||
    rows.every((row) => cellsOf(row).length <= 1);
  return isLayout ? rows.flatMap((row) => cellsOf(row)) : undefined;
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of childElementsOf(table)) {
    const tag = tagOf(child);
    if (tag === 'tr') rows.push(child);
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') {
      // One by one: a spread of a section's hundreds of thousands of rows overflows the stack.
      for (const row of childElementsOf(child)) if (tagOf(row) === 'tr') rows.push(row);
    }
  }
  return rows;
}

function cellsOf(row: Element): Element[] {
  return childElementsOf(row).filter((cell) => {
    const tag = tagOf(cell);
    return tag === 'td' || tag === 'th';
  });
}
