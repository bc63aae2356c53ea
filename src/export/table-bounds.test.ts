import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { docxText } from '../testing/document-text.js';
import { runsText } from './blocks.js';
import { reportDocument } from './document.js';
import { renderReport } from './render.js';

/** A markdown table of `rows` × `columns`, each cell naming its place (`r3c7`). */
function table(rows: number, columns: number): string {
  const header = `| ${Array.from({ length: columns }, (_, column) => `Head ${column + 1}`).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(columns)}`;
  const body = Array.from(
    { length: rows },
    (_, row) => `| ${Array.from({ length: columns }, (_, column) => `r${row}c${column}`).join(' | ')} |`,
  );
  return [header, rule, ...body].join('\n');
}

function result(answer: string): ResearchResult {
  return {
    runId: 'r1',
    question: 'A table of figures',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: { total: 0, supported: 0, unsupported: [] },
    words: 0,
  };
}

const tablesOf = (answer: string) =>
  reportDocument('A table of figures', result(answer)).blocks.filter((block) => block.kind === 'table');
const textOf = (answer: string) =>
  reportDocument('A table of figures', result(answer))
    .blocks.map((block) =>
      block.kind === 'table'
        ? block.rows.map((row) => row.map(runsText).join(' ')).join('\n')
        : 'runs' in block
          ? runsText(block.runs)
          : '',
    )
    .join('\n');

describe('tables in the PDF and DOCX exports', () => {
  it('shows a 150 × 40 table whole, in groups of at most six columns each led by column 1', () => {
    const tables = tablesOf(table(150, 40));
    expect(tables.length).toBe(8);
    for (const group of tables) {
      expect(group.rows).toHaveLength(151);
      expect(Math.max(...group.rows.map((row) => row.length))).toBeLessThanOrEqual(6);
      expect(runsText(group.rows[5]?.[0] ?? [])).toBe('r4c0');
    }
    const text = textOf(table(150, 40));
    expect(text).toContain('Columns 2–6 of 40, each row led by column 1:');
    expect(text).toContain('Columns 37–40 of 40, each row led by column 1:');
    for (const cell of ['r0c1', 'r149c39', 'r75c20', 'Head 40']) expect(text).toContain(cell);
  });

  it('keeps a narrow table as it is', () => {
    const tables = tablesOf(table(3, 6));
    expect(tables).toHaveLength(1);
    expect(tables[0]?.rows).toHaveLength(4);
    expect(textOf(table(3, 6))).not.toContain('each row led by');
  });

  it('lays out at most 6,000 cells of a huge table, and says how many rows the other exports show', () => {
    const text = textOf(table(1_000, 40));
    expect(text).toContain('r149c39');
    expect(text).not.toContain('r150c0');
    expect(text).toContain(
      '850 more rows of this table are left out here; the HTML and markdown exports show them all.',
    );
    // The budget is the document's: a second huge table keeps only its header.
    const twice = textOf(`${table(1_000, 40)}\n\nAnd again:\n\n${table(10, 3)}`);
    expect(twice).toContain('10 more rows of this table are left out here');
  });

  it('writes a 150 × 40 table into a DOCX with every cell', async () => {
    const report = await renderReport({
      format: 'docx',
      question: 'A table of figures',
      result: result(table(150, 40)),
    });
    const text = docxText(report.body as Uint8Array);
    for (const cell of ['r0c1', 'r149c39', 'r75c20']) expect(text).toContain(cell);
  }, 60_000);
});
