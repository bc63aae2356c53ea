import { describe, expect, it } from 'vitest';
import { fakeSource } from '../../testing/fake-reader.js';
import { buildReferences, quoteOccursIn } from './citations.js';

const rules = { boostHosts: [], excludeHosts: ['bad.example'], onlyHosts: [] };

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

describe('buildReferences', () => {
  const source = fakeSource('https://example.com/a', { title: 'A', text: 'Alpha is first. Beta is second.' });
  const findSource = (url: string) => (url === 'https://example.com/a' ? source : undefined);

  it('verifies quotes, renumbers markers, drops excluded hosts and duplicates', () => {
    const built = buildReferences({
      answer: 'Alpha [1], bad [2], again [3], unread [4].',
      cited: [
        { url: 'https://example.com/a#top', quote: 'Alpha is first.' },
        { url: 'https://bad.example/x', quote: 'whatever' },
        { url: 'https://example.com/a', quote: 'Alpha   is first.' },
        { url: 'https://example.net/never-read', quote: 'Beta is second.' },
      ],
      findSource,
      rules,
      maxReturnedUrls: 10,
    });
    expect(built.answer).toBe('Alpha [1], bad , again [1], unread [2].');
    expect(built.references).toEqual([
      { url: 'https://example.com/a', title: 'A', quote: 'Alpha is first.', verified: true },
      {
        url: 'https://example.net/never-read',
        title: 'https://example.net/never-read',
        quote: 'Beta is second.',
        verified: false,
      },
    ]);
  });

  it('keeps at most maxReturnedUrls references', () => {
    const built = buildReferences({
      answer: '[1] [2] [3]',
      cited: [
        { url: 'https://example.com/a', quote: 'Alpha is first.' },
        { url: 'https://example.com/a', quote: 'Beta is second.' },
        { url: 'https://example.com/b', quote: 'x' },
      ],
      findSource,
      rules,
      maxReturnedUrls: 2,
    });
    expect(built.references).toHaveLength(2);
    expect(built.answer).toBe('[1] [2] ');
  });
});
