/**
 * Zod parameters whose message is what a value must be: the words after "must be", which every
 * surface puts in its own sentence (`Invalid value for --max-steps: must be …, got "-3".`).
 */
export const expectedWords = (words: string) => ({ error: words });

/** Characters of a value a message shows; longer ones are cut with "…". */
const SHOWN_CHARS = 80;

/**
 * A value as messages show it: strings in quotes, anything else as (shortened) JSON. The value may
 * be a request body's: it is shown from a copy cut to what the message can show, so a list nested
 * 100,000 deep (which `JSON.stringify` cannot walk) or a list of a million items costs no more than
 * a short one, and a big number or a cycle of a library user's object is shown, not thrown.
 */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(shownPart(value, { left: SHOWN_CHARS })) ?? String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/**
 * `value` with what lies past the first `SHOWN_CHARS` characters of its JSON left out. Every value
 * it takes in writes at least one character, so once `budget` values are taken, in the JSON's order,
 * the rest never shows: one budget for the whole walk, so values a library user's object shares
 * (or a cycle) are not walked once for every path to them.
 */
function shownPart(value: unknown, budget: { left: number }): unknown {
  budget.left -= 1;
  if (typeof value === 'bigint') return String(value);
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return value;
  if (budget.left < 0) return null;
  if (Array.isArray(value)) {
    const shown: unknown[] = [];
    for (const item of value) {
      if (budget.left < 0) break;
      shown.push(shownPart(item, budget));
    }
    return shown;
  }
  const shown: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    if (budget.left < 0) break;
    shown[key] = shownPart(item, budget);
  }
  return shown;
}

/** The parts of a zod issue that say what was expected. */
interface IssueShape {
  code?: string;
  origin?: string;
  expected?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  values?: readonly unknown[];
  format?: string;
}

const TYPE_WORDS: Record<string, string> = {
  array: 'a list',
  boolean: 'true or false',
  object: 'an object',
  number: 'a number',
  int: 'a whole number',
  string: 'text',
};

/**
 * What a value must be, for a zod issue whose schema has no words of its own; passed as the `error`
 * of a parse, so every schema's messages read like the options' (`must be at least 1, got 0`).
 */
export function expectedOf(issue: IssueShape): string | undefined {
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected ?? ''] ?? `a ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'non-empty text';
      return issue.inclusive === false
        ? `more than ${issue.minimum}${unit}`
        : `at least ${issue.minimum}${unit}`;
    case 'too_big':
      return issue.inclusive === false
        ? `less than ${issue.maximum}${unit}`
        : `at most ${issue.maximum}${unit}`;
    case 'invalid_value':
      return `one of ${(issue.values ?? []).map((value) => showValue(value)).join(', ')}`;
    case 'invalid_format':
      return `a valid ${issue.format ?? 'value'}`;
    default:
      return undefined;
  }
}

/** The part of `value` at a zod issue's `path` (an item of a list, a field of an object). */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}
