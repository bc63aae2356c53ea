import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { tokenize, WORD } from './text-rank.js';
import { type TokenSpans, termsBetween, tokenSpans, tokenSpansOf } from './token-spans.js';

/** Every word of the spans, in order, as a string. */
const termsOf = (spans: TokenSpans | undefined) =>
  spans ? [...spans.words].map((id) => spans.vocabulary[id]) : undefined;

const text =
  'The Tower (Paris) was completed in 1889; 東京タワー copied it. Straße naïve x 😀ok wroughtiron.';

describe('termsBetween', () => {
  it('reads any slice as tokenize reads it, cut words included', () => {
    const spans = tokenSpans(text);
    if (!spans) throw new Error('expected spans for a text without İ or Σ');
    for (let start = 0; start <= text.length; start += 1) {
      for (let end = start; end <= text.length; end += 3) {
        expect(termsBetween(spans, { start, end }), `${start}-${end}`).toEqual(
          tokenize(text.slice(start, end)),
        );
      }
    }
  });

  it('finds the words the WORD pattern matches, each where it stands, in any script', () => {
    // Letters and digits of several scripts and planes, marks, spaces, punctuation and lone
    // surrogates (half of an emoji), mixed at random.
    const pieces = [
      'a',
      'Z',
      '7',
      'é',
      'ß',
      'ж',
      'ك',
      '東',
      'タ',
      '٣',
      '𝔸',
      '😀',
      '\u0301',
      ' ',
      '\n',
      '-',
      '.',
      '’',
      '\ud83d',
      '\ude00',
      'x1',
      '\t',
      '\u00a0',
      '\u2003',
    ];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const random = seededRandom(seed);
      const sample = Array.from({ length: 400 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const spans = tokenSpans(sample);
      if (!spans) throw new Error('expected spans for a text without İ or Σ');
      const lower = sample.toLowerCase();
      const expected = [...lower.matchAll(WORD)];
      expect(termsOf(spans)).toEqual(expected.map((match) => match[0]));
      expect([...spans.starts]).toEqual(expected.map((match) => match.index));
      // Each distinct word once in the vocabulary, its id its place, first met first.
      expect(spans.vocabulary).toEqual([...new Set(expected.map((match) => match[0]))]);
      spans.vocabulary.forEach((term, id) => {
        expect(spans.idOf(term)).toBe(id);
      });
      expect(spans.idOf('not-a-word-of-it')).toBeUndefined();
      // The words a reader counts: runs of anything but whitespace.
      expect(spans.whitespaceWords).toBe(sample.split(/[ \t\n\v\f\r\u00a0]+/).filter(Boolean).length);
      // Any slice, the cut words at its ends included, as tokenize reads it.
      for (let cut = 0; cut < 40; cut += 1) {
        const start = Math.floor(random() * sample.length);
        const end = start + Math.floor(random() * (sample.length - start + 1));
        expect(termsBetween(spans, { start, end })).toEqual(tokenize(sample.slice(start, end)));
      }
    }
  });

  it('gives no spans where lower case moves offsets (İ) or depends on neighbours (Σ)', () => {
    expect(tokenSpans('İstanbul is big')).toBeUndefined();
    expect(tokenSpans('ΟΔΟΣ means road')).toBeUndefined();
  });
});

describe('tokenSpansOf', () => {
  it('reads a holder once and again when its text changes', () => {
    const page = { text: 'wrought iron tower' };
    const first = tokenSpansOf(page);
    expect(tokenSpansOf(page)).toBe(first);
    page.text = 'steel tower';
    expect(termsOf(tokenSpansOf(page))).toEqual(['steel', 'tower']);
  });

  it('keeps the spans of the last pages only, so a long run does not hold every page twice', () => {
    const first = { text: 'first page' };
    const spans = tokenSpansOf(first);
    for (let page = 0; page < 100; page += 1) tokenSpansOf({ text: `page ${page}` });
    const again = tokenSpansOf(first);
    expect(again).not.toBe(spans);
    expect(termsOf(again)).toEqual(['first', 'page']);
  });
});
