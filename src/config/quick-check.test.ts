import { describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS, type OptionsTarget } from './defaults.js';
import { fieldRows } from './fields/index.js';
import { quickAccepts } from './quick-check.js';
import { configFields } from './schemas.js';
import { OPTION_SCHEMAS } from './validate.js';

/** A small seeded generator, so a failure names a value that fails again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Values a flag, a variable or a config file may give: texts, numbers, switches, lists of them. */
function candidates(): unknown[] {
  const next = random(7);
  const pieces = [' ', '', 'a', 'Z', '/', '.', ',', '-', '\t', '\n', 'é', '0', '9', ':', '*', 'http://x'];
  const texts = Array.from({ length: 400 }, () =>
    Array.from({ length: Math.floor(next() * 6) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
  );
  const words = ['markdown', 'text', 'json', 'lexical', 'semantic', 'hybrid', 'skip', 'index', 'all', 'auto'];
  const numbers = [-1, 0, 0.5, 1, 2, 7, 8, 9, 10, 999, 1000, 1001, 4096, 4097, 65_535, 65_536, Number.NaN];
  const scalars = [...texts, ...words, ...words.map((word) => ` ${word}`), ...numbers, true, false, null];
  const lists = Array.from({ length: 200 }, () =>
    Array.from({ length: Math.floor(next() * 4) }, () => scalars[Math.floor(next() * scalars.length)]),
  );
  return [...scalars, ...lists, [], {}];
}

describe('the quick checks', () => {
  const values = candidates();

  it.each(fieldRows.map((row) => [row.key, row] as const))(
    '%s: every value its quick check takes, its schema takes unchanged',
    (_key, row) => {
      const schema = configFields.find((field) => field.key === row.key)?.schema;
      expect(schema).toBeDefined();
      const taken = values.filter((value) => quickAccepts(row, value));
      for (const value of taken) {
        const parsed = schema?.safeParse(value);
        expect({ value, success: parsed?.success }).toEqual({ value, success: true });
        expect(parsed?.data).toEqual(value);
      }
    },
  );

  it('take the values the commands are most often given', () => {
    const row = (key: string) => fieldRows.find((field) => field.key === key);
    const takes = (key: string, value: unknown) => {
      const field = row(key);
      return field !== undefined && quickAccepts(field, value);
    };
    expect(takes('help', true)).toBe(true);
    expect(takes('corpus', ['notes', '/home/me/repo'])).toBe(true);
    expect(takes('format', 'json')).toBe(true);
    expect(takes('limit', 5)).toBe(true);
    // Anything else goes to the schema, whose message is the one shown.
    expect(takes('limit', 0)).toBe(false);
    expect(takes('format', 'yaml')).toBe(false);
    expect(takes('model', 'openai:gpt-4o')).toBe(false);
  });
});

describe('the defaults table', () => {
  it.each(Object.keys(OPTION_SCHEMAS) as OptionsTarget[])(
    '%s: holds every key of the schema in its order, and the defaults its parse fills in',
    (target) => {
      const schema = OPTION_SCHEMAS[target];
      expect(Object.keys(OPTION_DEFAULTS[target])).toEqual(Object.keys(schema.shape));
      const defined = Object.fromEntries(
        Object.entries(OPTION_DEFAULTS[target]).filter(([, value]) => value !== undefined),
      );
      const parsed = schema.parse({});
      expect(Object.keys(parsed)).toEqual(Object.keys(defined));
      expect(parsed).toEqual(defined);
    },
  );
});
