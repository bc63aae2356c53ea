import { describe, expect, it } from 'vitest';
import { parseDocument } from './parse.js';

const rowsOf = (html: string) =>
  parseDocument(html)
    .querySelectorAll('tr')
    .map((row) => row.children.map((cell) => cell.textContent?.trim()));

describe('repairTables', () => {
  it('gives cells written straight into a table section the row a browser implies', () => {
    expect(
      rowsOf('<table><thead><th>A</th><th>B</th></thead><tbody><td>1</td><td>2</td></tbody></table>'),
    ).toEqual([
      ['A', 'B'],
      ['1', '2'],
    ]);
  });

  it('moves content outside any cell before the table, in order', () => {
    const document = parseDocument(
      '<div id="c"><table><tr><td>cell</td></tr><p>one</p>two<tr><td>more</td></tr></table></div>',
    );
    const container = document.querySelector('#c');
    expect(Array.from(container?.childNodes ?? []).map((node) => node.textContent?.trim())).toEqual([
      'one',
      'two',
      'cellmore',
    ]);
  });

  it('gives the rows a form wraps back to the table and leaves cells and nested tables alone', () => {
    const document = parseDocument(
      '<table><form action="/x"><tr><td><p>in cell</p><table><tr><td>inner</td></tr></table></td></tr></form></table>',
    );
    expect(document.querySelector('form')).toBeNull();
    expect(document.querySelector('td p')?.textContent).toBe('in cell');
    expect(document.querySelectorAll('table table td')).toHaveLength(1);
  });

  it("mends a hostile table's 130,000 stray words or form rows without overflowing the stack", () => {
    // More nodes than a spread into one call takes on Node 20 (it threw past ~120,000).
    const stray = parseDocument(
      `<div id="c"><table>${'w <b>x</b> '.repeat(65_000)}<tr><td>1</td></tr></table></div>`,
    );
    expect(stray.querySelector('#c')?.firstChild?.textContent).toBe('w ');
    const form = parseDocument(`<table><form>${'<tr><td>1</td></tr>'.repeat(130_000)}</form></table>`);
    expect(form.querySelectorAll('tr')).toHaveLength(130_000);
    expect(form.querySelector('form')?.childNodes ?? []).toHaveLength(0);
  });
});
