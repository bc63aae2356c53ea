import type { FieldRow } from './field.js';

/** Whether `value` is text with no space at either end, and not empty. */
const isText = (value: unknown) => typeof value === 'string' && value !== '' && value.trim() === value;

/**
 * Whether the field's quick check takes `value` (converted from its text): if so, its schema takes it
 * unchanged, and the value needs no schema. A list's items are checked one by one.
 */
export function quickAccepts(field: FieldRow, value: unknown): boolean {
  if (field.kind === 'boolean') return typeof value === 'boolean';
  const check = field.quick;
  if (check === undefined) return false;
  if (field.kind === 'list')
    return Array.isArray(value) && value.every((item) => check === 'text' && isText(item));
  if (check === 'text') return isText(value);
  if ('oneOf' in check) return typeof value === 'string' && check.oneOf.includes(value);
  return Number.isInteger(value) && (value as number) >= check.min && (value as number) <= check.max;
}
