import { describe, expect, it } from 'vitest';
import { normalizeUrl } from './normalize-url.js';

describe('normalizeUrl', () => {
  it('makes the spellings of one page equal', () => {
    const variants = [
      'https://www.Example.com/docs/page/',
      'https://example.com:443/docs/page#section',
      'https://EXAMPLE.com/docs/page?utm_source=x&utm_medium=y',
      'https://example.com/docs/page?fbclid=abc&gclid=def',
    ];
    expect(new Set(variants.map(normalizeUrl))).toEqual(new Set(['https://example.com/docs/page']));
  });

  it('sorts query parameters but keeps the meaningful ones', () => {
    expect(normalizeUrl('https://example.com/search?b=2&a=1&utm_campaign=z')).toBe(
      'https://example.com/search?a=1&b=2',
    );
    expect(normalizeUrl('https://example.com/item?id=1')).not.toBe(
      normalizeUrl('https://example.com/item?id=2'),
    );
  });

  it('drops default ports, keeps others, keeps the scheme and root', () => {
    expect(normalizeUrl('http://example.com:80/')).toBe('http://example.com');
    expect(normalizeUrl('http://example.com:8080/a/')).toBe('http://example.com:8080/a');
    expect(normalizeUrl('http://example.com/a')).not.toBe(normalizeUrl('https://example.com/a'));
  });

  it('returns non-URLs trimmed instead of throwing', () => {
    expect(normalizeUrl('  not a url ')).toBe('not a url');
  });
});
