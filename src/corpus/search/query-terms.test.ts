import { describe, expect, it } from 'vitest';
import { CorpusError } from '../errors.js';
import { queryTerms } from './query-terms.js';

describe('query terms', () => {
  it("weighs a word's whole form by wholeWeight and each part by its count", () => {
    const wholeWeight = (whole: string) => (whole === 'parseurl' ? 1 : 0.5);
    const terms = queryTerms('TNF-α and TNF levels, parseUrl', wholeWeight);
    expect(Object.fromEntries(terms)).toEqual({
      tnfalpha: 0.5,
      tnf: 2,
      alpha: 1,
      level: 1,
      parseurl: 1,
      pars: 1,
      url: 1,
    });
  });

  it('refuses a query of too many terms, naming the fix', () => {
    const query = Array.from({ length: 150 }, (_, index) => `word${index}`).join(' ');
    expect(() => queryTerms(query, () => 1)).toThrow(CorpusError);
    expect(() => queryTerms(query, () => 1)).toThrow(/shorten it/);
  });
});
