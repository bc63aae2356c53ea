import { describe, expect, it } from 'vitest';
import { locateQuote, quoteOccursIn } from './citations.js';

describe('quoteOccursIn', () => {
  const text = 'The “Eiffel Tower” is   330 metres\ntall — and it’s in Paris.';

  it('finds a quote across whitespace differences and typographic quotes', () => {
    expect(quoteOccursIn('The "Eiffel Tower" is 330 metres tall', text)).toBe(true);
    expect(quoteOccursIn("tall - and it's in Paris.", text)).toBe(true);
  });

  it('falls back to a case-insensitive match', () => {
    expect(quoteOccursIn('THE "EIFFEL TOWER"', text)).toBe(true);
  });

  it('rejects text that is not there and empty quotes', () => {
    expect(quoteOccursIn('The Eiffel Tower is 400 metres tall', text)).toBe(false);
    expect(quoteOccursIn('  ', text)).toBe(false);
  });
});

describe('locateQuote', () => {
  it('gives the range of the original text, whitespace and folds included', () => {
    const text = 'Intro.\n\nThe “Eiffel Tower” is   330 metres\ntall… really.';
    const range = locateQuote('"Eiffel Tower" is 330 metres tall...', text);
    expect(range).toBeDefined();
    expect(text.slice(range?.start, range?.end)).toBe('Eiffel Tower” is   330 metres\ntall');
  });

  it('prefers an occurrence inside the given ranges', () => {
    const text = 'Alpha beta. Gamma. Alpha beta.';
    expect(locateQuote('alpha beta', text)).toEqual({ start: 0, end: 10 });
    expect(locateQuote('Alpha beta', text, [{ start: 19, end: 30 }])).toEqual({ start: 19, end: 29 });
  });
});
