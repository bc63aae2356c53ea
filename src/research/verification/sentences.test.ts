import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

const sentences = (markdown: string) =>
  splitSentences(markdown).flatMap((piece) => (piece.kind === 'sentence' ? [piece.text] : []));

describe('splitSentences', () => {
  it('gives the answer back when the pieces are joined', () => {
    const markdown =
      '# Title\n\nThe tower is 330 m tall [F1]. It opened in 1889 [F2][F3].\n\n- One item [F4]\n- Two\n\n```\ncode. here.\n```\n';
    expect(
      splitSentences(markdown)
        .map((piece) => piece.text)
        .join(''),
    ).toBe(markdown);
  });

  it('skips headings, code and table header rows, keeps list items and table rows whole', () => {
    const markdown = [
      '## Height',
      '',
      'The tower is 330 m tall [F1]. It was built by e.g. Mr. Eiffel in 1889 [F2].',
      '',
      '1. First item. With two sentences [F3].',
      '* Second item',
      '',
      '| Year | Height |',
      '|---|---|',
      '| 1889 | 300 m |',
      '',
      '```js',
      'const x = 1. Not a sentence.',
      '```',
      '> Quoted text here. And more.',
    ].join('\n');
    expect(sentences(markdown)).toEqual([
      'The tower is 330 m tall [F1].',
      'It was built by e.g. Mr. Eiffel in 1889 [F2].',
      'First item. With two sentences [F3].',
      'Second item',
      '| 1889 | 300 m |',
      'Quoted text here.',
      'And more.',
    ]);
  });

  it('keeps markers placed after the full stop with the sentence before', () => {
    expect(sentences('It is tall. [F1] It is old. [F2][F3]\nNext line.')).toEqual([
      'It is tall. [F1]',
      'It is old. [F2][F3]',
      'Next line.',
    ]);
  });
});
