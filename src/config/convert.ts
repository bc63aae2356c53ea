import type { RawValue } from './argv.js';
import type { FieldRow } from './field.js';

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/**
 * A flag's or variable's text as the field's value, not yet checked, and the text a message shows
 * for it (a scalar's, as typed). Lists split on repetitions and (unless the field says not) commas;
 * whole numbers are parsed; anything that does not convert is left as given, so the error says what
 * it must be and shows exactly what was typed.
 */
export function convertValue(field: FieldRow, raw: RawValue): { value: unknown; shown?: unknown } {
  const texts = Array.isArray(raw) ? raw : [raw];
  if (field.kind === 'list') {
    const items = texts
      .flatMap((text) => (field.commaSeparated === false ? [String(text)] : String(text).split(',')))
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return { value: items };
  }
  const last = texts[texts.length - 1] ?? '';
  return { value: scalar(field, last), shown: last };
}

function scalar(field: FieldRow, text: string | boolean): unknown {
  if (typeof text === 'boolean') return text;
  const trimmed = text.trim();
  if (field.kind === 'integer' && /^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (field.kind === 'number' && /^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return Number(trimmed);
  if (field.kind === 'boolean') {
    if (TRUE_WORDS.includes(trimmed.toLowerCase())) return true;
    if (FALSE_WORDS.includes(trimmed.toLowerCase())) return false;
  }
  return text;
}
