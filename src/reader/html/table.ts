import { childElementsOf, tagOf } from './dom.js';
import type { Syntax } from './syntax.js';

/** Renders the content of one element (a cell, a caption) as blocks; the caller's block renderer. */
export type RenderBlocks = (element: Element) => string[];

/**
 * Renders a `<table>`: data tables as GFM tables, layout tables (nested, one column) as their blocks.
 * The cells' content goes through `renderBlocks`, handed in by the renderer (no import back into it).
 */
export function renderTable(table: Element, syntax: Syntax, renderBlocks: RenderBlocks): string[] {
  const rows = rowsOf(table);
  const isLayout =
    table.querySelector('table') !== null ||
    table.getAttribute('role') === 'presentation' ||
    rows.every((row) => cellsOf(row).length <= 1);
  if (isLayout) return rows.flatMap((row) => cellsOf(row).flatMap((cell) => renderBlocks(cell)));
  const rendered: string[][] = [];
  for (const row of rows) {
    const cells: string[] = [];
    for (const cell of cellsOf(row)) {
      cells.push(renderBlocks(cell).join(' ').replace(/\n+/g, ' '));
      const span = Math.min(Number.parseInt(cell.getAttribute('colspan') ?? '1', 10) || 1, 20);
      for (let extra = 1; extra < span; extra++) cells.push('');
    }
    if (cells.some((cell) => cell !== '')) rendered.push(cells);
  }
  if (rendered.length === 0) return [];
  const firstRow = rows[0];
  const hasHeader = firstRow !== undefined && cellsOf(firstRow).some((cell) => tagOf(cell) === 'th');
  const caption = table.querySelector('caption');
  const captionBlocks = caption ? renderBlocks(caption) : [];
  return [...captionBlocks, syntax.table(rendered, hasHeader || rendered.length > 1)];
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of childElementsOf(table)) {
    const tag = tagOf(child);
    if (tag === 'tr') rows.push(child);
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') {
      rows.push(...childElementsOf(child).filter((row) => tagOf(row) === 'tr'));
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
