import type { EvalQuestion } from '../types.js';
import type { Table } from './read-records.js';
import { cell, requiredCell } from './table-cells.js';

const hint =
  'FRAMES files are TSV or CSV with the columns "Prompt" and "Answer" (and optionally "reasoning_types", "wiki_links").';

/** Every http(s) URL in the row's link columns (`wiki_links` and `wikipedia_link_N`), once each. */
function linksOf(row: Table['rows'][number]): string[] {
  const cells = Object.entries(row.value)
    .filter(([column]) => /^(wiki_links|wikipedia_link_\d+)$/i.test(column.trim()))
    .map(([, value]) => value);
  return [...new Set(cells.flatMap((value) => value.match(/https?:\/\/[^\s'",\]]+/g) ?? []))];
}

/**
 * FRAMES questions. The id is the unnamed index column when the file has one (as the published
 * TSV does), else the row position from 0; reasoning types (`A | B`) become the question's types.
 */
export function framesQuestions(table: Table): EvalQuestion[] {
  const indexColumn = table.columns.find((column) => column === '' || /^unnamed: 0$/i.test(column));
  return table.rows.map((row, position) => {
    const index = indexColumn === undefined ? undefined : row.value[indexColumn]?.trim();
    const links = linksOf(row);
    return {
      id: index || String(position),
      question: requiredCell(row, 'Prompt', hint),
      answer: requiredCell(row, 'Answer', hint),
      aliases: [],
      types: (cell(row, 'reasoning_types') ?? '')
        .split('|')
        .map((type) => type.trim())
        .filter(Boolean),
      links: links.length > 0 ? links : undefined,
    };
  });
}
