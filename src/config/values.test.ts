import { describe, expect, it } from 'vitest';
import { showValue } from './values.js';

describe('showValue', () => {
  it('shows JSON cut to 80 characters, as the whole value would read', () => {
    const value = { name: 'a'.repeat(30), list: [1, 2, 3, { deep: [true, null, 'x'.repeat(40)] }] };
    expect(showValue(value)).toBe(`${JSON.stringify(value).slice(0, 79)}…`);
    expect(showValue('short')).toBe('"short"');
    expect(showValue(undefined)).toBe('nothing');
  });

  it('shows an object that refers to itself by two keys at once, walking it once, not once a path', () => {
    const value: Record<string, unknown> = {};
    value.a = value;
    value.b = value;
    // Walked along every path, 81 levels of two keys each would not end.
    expect(showValue(value)).toMatch(/^\{"a":\{"a":\{"a":.*…$/);
  });
});
