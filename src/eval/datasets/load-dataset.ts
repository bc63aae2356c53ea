import { readFile } from 'node:fs/promises';
import { ConfigError } from '../../errors.js';
import { DatasetError } from '../errors.js';
import type { Dataset, DatasetFormat, EvalQuestion } from '../types.js';
import { browseCompQuestions } from './browsecomp.js';
import { detectJsonFormat, detectTableFormat } from './detect-format.js';
import { framesQuestions } from './frames.js';
import { genericQuestions } from './generic-jsonl.js';
import { hotpotQuestions } from './hotpotqa.js';
import { type LocatedRecord, looksLikeJson, readJsonRecords, readTable, type Table } from './read-records.js';
import { simpleQaQuestions } from './simpleqa.js';

/** How each format turns its records into questions; JSON formats read records, the others a table. */
const loaders: Record<
  DatasetFormat,
  | { json: true; read: (records: LocatedRecord<unknown>[]) => EvalQuestion[] }
  | { json: false; read: (table: Table) => EvalQuestion[] }
> = {
  hotpotqa: { json: true, read: (records) => hotpotQuestions(records, { fullwiki: false }) },
  'hotpotqa-fullwiki': { json: true, read: (records) => hotpotQuestions(records, { fullwiki: true }) },
  jsonl: { json: true, read: genericQuestions },
  simpleqa: { json: false, read: simpleQaQuestions },
  frames: { json: false, read: framesQuestions },
  browsecomp: { json: false, read: browseCompQuestions },
};

export interface LoadDatasetOptions {
  path: string;
  /** The format; detected from the content when absent. */
  format?: DatasetFormat;
}

/** Reads a dataset file into questions; errors name the file, line or item and field. */
export async function loadDataset(options: LoadDatasetOptions): Promise<Dataset> {
  const { path } = options;
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new ConfigError(`Cannot read the dataset ${path}: ${(error as Error).message}.`, { cause: error });
  }
  if (text.trim() === '') throw new DatasetError({ file: path }, 'the file is empty.');
  const json = looksLikeJson(text);
  if (options.format && loaders[options.format].json !== json) {
    throw new DatasetError(
      { file: path },
      `--format ${options.format} expects ${json ? 'a CSV/TSV file' : 'a JSON or JSONL file'}, but this file is ${json ? 'JSON' : 'not JSON'}.`,
    );
  }
  let format: DatasetFormat;
  let questions: EvalQuestion[];
  if (json) {
    const records = readJsonRecords(path, text);
    format = options.format ?? detectJsonFormat(records);
    const loader = loaders[format];
    questions = loader.json ? loader.read(records) : [];
  } else {
    const table = readTable(path, text);
    format = options.format ?? detectTableFormat(path, table);
    const loader = loaders[format];
    questions = loader.json ? [] : loader.read(table);
  }
  if (questions.length === 0) throw new DatasetError({ file: path }, 'the file has no questions.');
  checkUniqueIds(path, questions);
  return { path, format, questions };
}

function checkUniqueIds(file: string, questions: readonly EvalQuestion[]): void {
  const seen = new Map<string, number>();
  questions.forEach((question, position) => {
    const first = seen.get(question.id);
    if (first !== undefined) {
      throw new DatasetError(
        { file, field: 'id' },
        `the id "${question.id}" is used by questions ${first} and ${position} (counting from 0); ids must be unique.`,
      );
    }
    seen.set(question.id, position);
  });
}
