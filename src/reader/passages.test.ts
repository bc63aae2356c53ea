import { describe, expect, it } from 'vitest';
import { splitPassages } from './passages.js';

describe('splitPassages', () => {
  it('keeps offsets exact: every passage is the slice of the text it points at', () => {
    const text = `  Intro line.\n\n${'Alpha beta gamma. '.repeat(80)}\n\n\nShort end.  `;
    const passages = splitPassages(text, { targetChars: 200 });
    expect(passages.length).toBeGreaterThan(5);
    for (const passage of passages) {
      expect(text.slice(passage.start, passage.end)).toBe(passage.text);
      expect(passage.text.length).toBeLessThanOrEqual(200);
      expect(passage.text).toBe(passage.text.trim());
    }
    expect(passages.map((passage) => passage.index)).toEqual(passages.map((_, index) => index));
  });

  it('merges short paragraphs and breaks long ones at sentence ends', () => {
    const text = 'One.\n\nTwo.\n\nThree.';
    expect(splitPassages(text).map((passage) => passage.text)).toEqual(['One.\n\nTwo.\n\nThree.']);
    const long = 'First sentence is here. Second sentence follows! Third one asks? Fourth ends.';
    const pieces = splitPassages(long, { targetChars: 40 }).map((passage) => passage.text);
    expect(pieces).toEqual([
      'First sentence is here.',
      'Second sentence follows! Third one asks?',
      'Fourth ends.',
    ]);
  });

  it('splits a sentence longer than the target at spaces, never losing words', () => {
    const words = Array.from({ length: 300 }, (_, index) => `word${index}`);
    const text = words.join(' ');
    const passages = splitPassages(text, { targetChars: 100 });
    expect(passages.every((passage) => passage.text.length <= 100)).toBe(true);
    expect(passages.flatMap((passage) => passage.text.split(' '))).toEqual(words);
  });

  it('handles CJK sentence stops and empty text', () => {
    const text = '東京は日本の首都です。大阪は西にあります。京都は古い都です。';
    expect(splitPassages(text, { targetChars: 12 }).map((passage) => passage.text)).toEqual([
      '東京は日本の首都です。',
      '大阪は西にあります。',
      '京都は古い都です。',
    ]);
    expect(splitPassages('')).toEqual([]);
    expect(splitPassages(' \n\n ')).toEqual([]);
  });
});
