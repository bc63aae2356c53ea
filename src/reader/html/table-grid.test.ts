import { describe, expect, it } from 'vitest';
import { markdownSyntax } from './syntax.js';
import { layOutGrid, spanOf } from './table-grid.js';

const cell = (text: string, colspan = 1, rowspan = 1) => ({ text, colspan, rowspan });

describe('layOutGrid', () => {
  it('puts a cell after the columns held by cells spanning down, at the start, middle and end', () => {
    const grid = layOutGrid([
      [cell('a', 1, 2), cell('b'), cell('c', 1, 3)],
      [cell('d')],
      [cell('e'), cell('f')],
    ]);
    expect(grid).toEqual([
      ['a', 'b', 'c'],
      ['a', 'd', 'c'],
      ['e', 'f', 'c'],
    ]);
  });

  it('leaves the columns after a wide cell empty and pads short rows', () => {
    expect(layOutGrid([[cell('wide', 3)], [cell('x')]])).toEqual([
      ['wide', '', ''],
      ['x', '', ''],
    ]);
  });

  it('reads nonsense spans as 1 and caps huge ones', () => {
    expect(spanOf('abc')).toBe(1);
    expect(spanOf('0')).toBe(1);
    expect(spanOf('-4')).toBe(1);
    expect(spanOf('5000')).toBe(20);
  });

  it('lays out and writes a table of 150,000 rows without overflowing the stack', () => {
    // More rows than a spread into `Math.max(...)` takes on Node 20 (it threw past ~120,000).
    const rows = Array.from({ length: 150_000 }, (_, index) => [
      { text: String(index), colspan: 1, rowspan: 1 },
      { text: 'x', colspan: 1, rowspan: 1 },
    ]);
    const grid = layOutGrid(rows);
    expect(grid).toHaveLength(150_000);
    expect(markdownSyntax.table(grid, false).split('\n')).toHaveLength(150_002);
  });
});
