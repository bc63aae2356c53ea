import type { EvalQuestion } from '../types.js';
import type { Table } from './read-records.js';
import { cell, requiredCell } from './table-cells.js';

const hint = 'SimpleQA files are CSV with the columns "problem" and "answer" (and optionally "metadata").';

/** The topic inside SimpleQA's `metadata` cell, a Python dict literal such as `{'topic': 'Art', …}`. */
function topicOf(metadata: string | undefined): string | undefined {
  return metadata ? /['"]topic['"]\s*:\s*['"]([^'"]+)['"]/.exec(metadata)?.[1] : undefined;
}

/** SimpleQA questions; ids are row positions from 0, as pandas numbers them. */
export function simpleQaQuestions(table: Table): EvalQuestion[] {
  return table.rows.map((row, position) => {
    const topic = topicOf(cell(row, 'metadata'));
    return {
      id: String(position),
      question: requiredCell(row, 'problem', hint),
      answer: requiredCell(row, 'answer', hint),
      aliases: [],
      types: topic ? [topic] : [],
    };
  });
}
