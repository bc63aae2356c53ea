import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';
import { untrustedLine } from './untrusted-line.js';

/** What `untrustedLine` promises, step by step: controls and brackets out, whitespace collapsed and trimmed. */
function expected(text: string, maxChars?: number): string {
  const escaped = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return maxChars === undefined ? escaped : escaped.slice(0, maxChars);
}

describe('untrustedLine', () => {
  it('gives one line without brackets for any text, plain titles and hostile ones alike', () => {
    const pieces = [
      'Eiffel',
      ' ',
      '  ',
      'é',
      '<',
      '>',
      '\n',
      '\t',
      '\u00a0',
      '\ufeff',
      '\u2028',
      '\u0085',
      '\u0007',
      '\u3000',
      '😀',
      '.',
      'x',
    ];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = seededRandom(seed);
      for (let sample = 0; sample < 200; sample += 1) {
        const text = Array.from(
          { length: Math.floor(random() * 12) },
          () => pieces[Math.floor(random() * pieces.length)],
        ).join('');
        expect(untrustedLine(text), JSON.stringify(text)).toBe(expected(text));
        expect(untrustedLine(text, 5)).toBe(expected(text, 5));
      }
    }
    expect(untrustedLine('A plain title')).toBe('A plain title');
    expect(untrustedLine(' <b>bold</b>\u00a0title ')).toBe('b bold /b title');
  });
});
