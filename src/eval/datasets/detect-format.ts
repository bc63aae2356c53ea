import { DatasetError } from '../errors.js';
import type { DatasetFormat } from '../types.js';
import { isHotpotItem } from './hotpotqa.js';
import type { LocatedRecord, Table } from './read-records.js';
import { findColumn } from './table-cells.js';

/** HotpotQA (distractor) when the first record has `_id` and `context`; generic JSONL otherwise. */
export function detectJsonFormat(records: LocatedRecord<unknown>[]): DatasetFormat {
  return isHotpotItem(records[0]?.value) ? 'hotpotqa' : 'jsonl';
}

/** The table format from its header: BrowseComp (with canary), SimpleQA or FRAMES. */
export function detectTableFormat(file: string, table: Table): DatasetFormat {
  const has = (name: string) => findColumn(table.columns, name) !== undefined;
  if (has('problem') && has('answer') && has('canary')) return 'browsecomp';
  if (has('problem') && has('answer')) return 'simpleqa';
  if (has('prompt') && has('answer')) return 'frames';
  throw new DatasetError(
    { file, line: 1 },
    `cannot tell the dataset format from the columns ${table.columns.map((column) => `"${column}"`).join(', ')}. Expected problem,answer (SimpleQA), problem,answer,canary (BrowseComp) or Prompt,Answer (FRAMES); or pass --format.`,
  );
}
