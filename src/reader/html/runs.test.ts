import { describe, expect, it } from 'vitest';
import { wordCharacters } from './runs.js';

describe('wordCharacters', () => {
  it('counts letters and digits of any script, a letter beyond the BMP once, as the Unicode pattern does', () => {
    const pattern = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    const pieces = [
      'a',
      'Z',
      '9',
      ' ',
      '-',
      '_',
      '@',
      '[',
      '`',
      '{',
      'é',
      'ß',
      '日本',
      '١٢',
      '𝐀',
      '😀',
      '\ud835',
      '\udc00',
      '、',
    ];
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 500; round++) {
      let text = '';
      for (let part = random(10); part > 0; part--) text += pieces[random(pieces.length)]!;
      expect(wordCharacters(text), JSON.stringify(text)).toBe(pattern(text));
    }
    for (let code = 0; code < 0x80; code++) {
      const character = String.fromCharCode(code);
      expect(wordCharacters(character)).toBe(pattern(character));
    }
  });
});
