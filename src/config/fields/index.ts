import type { FieldGroup, FieldRow } from '../field.js';
import { corpusFields } from './corpus.js';
import { evalFields } from './eval.js';
import { generalFields } from './general.js';
import { mcpFields } from './mcp.js';
import { modelFields } from './models.js';
import { readFields } from './read.js';
import { researchFields } from './research.js';
import { serveFields } from './serve.js';

/** Every option of every command, one row each: the one table flags, env, files and help come from. */
export const fieldRows: readonly FieldRow[] = [
  ...modelFields,
  ...researchFields,
  ...corpusFields,
  ...generalFields,
  ...serveFields,
  ...readFields,
  ...evalFields,
  ...mcpFields,
];

/** The rows whose flags the given groups take, in table order. */
export function fieldsOf(groups: readonly FieldGroup[]): FieldRow[] {
  return fieldRows.filter((field) => field.groups.some((group) => groups.includes(group)));
}

/** The row of a config key, if it has one. */
export function fieldOfKey(key: string): FieldRow | undefined {
  return fieldRows.find((field) => field.key === key);
}
