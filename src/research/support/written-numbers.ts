/** Marks that separate thousands or a decimal part: comma, dot, no-break, narrow no-break and thin spaces. */
const SEPARATOR = /[,.\u00A0\u202F\u2009]/;

/**
 * Values a digit string may mean, and the place of its last digit: `1,500,000` → 1500000; `1.5` →
 * 1.5 (precision 0.1); `1,500` → 1500 or, read the European way, 1.5; `1 500,5` → 1500.5. Works
 * on the characters of one token, without a regular expression that could backtrack.
 */
export function valuesOf(written: string): { values: number[]; precision: number } {
  const separators = [...written].filter((character) => SEPARATOR.test(character));
  if (separators.length === 0) return { values: [Number(written)], precision: 1 };
  const digits = (text: string) => text.replace(/\D/g, '');
  const whole = { values: [Number(digits(written))], precision: 1 };
  const last = Math.max(written.lastIndexOf('.'), written.lastIndexOf(','));
  // Only spaces between groups (`1 500 000`).
  if (last === -1) return whole;
  const fraction = written.slice(last + 1);
  const decimal = {
    values: [Number(`${digits(written.slice(0, last))}.${fraction}`)],
    precision: 10 ** -fraction.length,
  };
  // Not three digits after the last mark: a decimal part (`1.5`, `2,75`).
  if (fraction.length !== 3) return decimal;
  // One mark before three digits: thousands in English, a decimal part in much of Europe.
  if (separators.length === 1) return { values: [...whole.values, ...decimal.values], precision: 1 };
  // Several marks: thousands groups, unless the last differs from the others (`1,234.567`).
  return separators.at(-1) !== separators[0] ? decimal : whole;
}
