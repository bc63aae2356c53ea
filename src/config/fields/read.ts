import type { ConfigField } from '../field.js';
import { readSettingsSchema } from '../settings.js';

/** Options of `deepresearch read` (it also takes --allow-host, a research option). */
export const readFields: readonly ConfigField[] = [
  {
    key: 'format',
    groups: ['read'],
    flag: 'format',
    kind: 'string',
    value: 'FORMAT',
    help: 'markdown, text or json (one object per line).',
    schema: readSettingsSchema.shape.format,
  },
  {
    key: 'concurrency',
    groups: ['read'],
    flag: 'concurrency',
    kind: 'integer',
    value: 'N',
    help: 'Inputs read at once.',
    schema: readSettingsSchema.shape.concurrency,
  },
];
