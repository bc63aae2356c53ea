import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/index.js';
import { citedIds, countWords, rewriteMarkers, stripMarkers } from './markers.js';
import { checkQuotes } from './quote-checks.js';

const page = 'Paris. The tower is 330 metres tall. Built in 1889 by Eiffel. It is in France.';
const finding = (...quotes: string[]): Finding => ({
  id: 'F1',
  claim: 'c',
  quotes: quotes.map((text) => ({ text, location: { kind: 'chars', start: 0, end: 1 } })),
  source: { url: 'https://a.example/', title: 'A' },
  subQuestionId: 'q1',
});

describe('checkQuotes', () => {
  it('keeps the quotes found in the source, short ones too (the support check judges them)', () => {
    const check = checkQuotes(
      finding('The tower is 330 metres tall.', 'Built in 1889', 'not there at all'),
      page,
    );
    expect(check.ok && check.quotes.map((quote) => quote.text)).toEqual([
      'The tower is 330 metres tall.',
      'Built in 1889',
    ]);
  });

  it('refuses a quote that is not in the source, or a source that is gone', () => {
    expect(checkQuotes(finding('The tower is 400 metres tall.'), page)).toEqual({
      ok: false,
      reason: 'quote not found in the stored source',
    });
    expect(checkQuotes(finding('The tower is 330 metres tall.'), undefined).ok).toBe(false);
  });
});

describe('citation markers', () => {
  it('reads the finding ids of every marker form, in order', () => {
    expect(citedIds('A [F3]. B [F3, f7; F2] and [1] [F9-F10].')).toEqual(['F3', 'F7', 'F2', 'F9', 'F10']);
  });

  it('rewrites and strips markers, numbered ones included', () => {
    expect(
      rewriteMarkers(
        'A [F1, F2] b [F3] [2].',
        (id) => id !== 'F3',
        (ids) => `<${ids.join('+')}>`,
      ),
    ).toBe('A <F1+F2> b.');
    expect(stripMarkers('It is tall [F1][2].')).toBe('It is tall.');
    expect(countWords('**It** is 330 m tall [F1].')).toBe(5);
  });
});
