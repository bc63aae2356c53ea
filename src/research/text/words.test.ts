import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { oneLine } from './words.js';

describe('oneLine', () => {
  it('collapses whitespace as /\\s+/g to one space and trims, for any whitespace', () => {
    // Spaces, tabs, line breaks, no-break and wide spaces, the BOM and line separators, among words.
    const pieces = [
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '\u2028',
      'ab',
      'c',
      '.',
    ];
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = seededRandom(seed);
      const text = Array.from(
        { length: Math.floor(random() * 40) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      expect(oneLine(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });
});
