import { DeepResearchError } from '../errors.js';

/** Where in a dataset file a problem is: a line (JSONL, CSV) or an item of a JSON array. */
export interface DatasetLocation {
  file: string;
  /** 1-based line of the file. */
  line?: number;
  /** 0-based item of a JSON array. */
  item?: number;
  /** The field that is wrong, e.g. `answer` or `context.2`. */
  field?: string;
}

function where(location: DatasetLocation): string {
  const parts = [location.file];
  if (location.line !== undefined) parts.push(`line ${location.line}`);
  if (location.item !== undefined) parts.push(`item ${location.item}`);
  if (location.field !== undefined) parts.push(`field "${location.field}"`);
  return parts.join(', ');
}

/** A dataset or predictions file that cannot be read as the format it claims to be. */
export class DatasetError extends DeepResearchError {
  readonly file: string;
  readonly line: number | undefined;
  readonly item: number | undefined;
  readonly field: string | undefined;

  constructor(location: DatasetLocation, problem: string, options: { cause?: unknown } = {}) {
    super({
      code: 'invalid_dataset',
      kind: 'user',
      message: `${where(location)}: ${problem}`,
      cause: options.cause,
    });
    this.file = location.file;
    this.line = location.line;
    this.item = location.item;
    this.field = location.field;
  }
}
