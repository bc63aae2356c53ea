import { DEFAULT_READ_CONCURRENCY, READ_FORMATS } from '../constants.js';
import type { FieldRow } from '../field.js';

/** Options of `deepresearch read` (it also takes --allow-host, a research option). */
export const readFields: readonly FieldRow[] = [
  {
    key: 'format',
    groups: ['read'],
    flag: 'format',
    kind: 'string',
    value: 'FORMAT',
    help: 'markdown, text or json (one object per line).',
    quick: { oneOf: READ_FORMATS },
  },
  {
    key: 'concurrency',
    groups: ['read'],
    flag: 'concurrency',
    kind: 'integer',
    value: 'N',
    help: 'Inputs read at once.',
    quick: { min: 1, max: DEFAULT_READ_CONCURRENCY },
  },
];
