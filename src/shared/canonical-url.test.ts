import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.js';

describe('canonicalUrl', () => {
  it('makes the spellings of one page equal', () => {
    const variants = [
      'https://www.Example.com/docs/page/',
      'https://example.com:443/docs/page#section',
      'https://EXAMPLE.com./docs/page?utm_source=x&utm_medium=y',
      'https://example.com/docs/page?fbclid=abc&gclid=def&mc_cid=1',
      '  https://example.com/docs/page  ',
    ];
    expect(new Set(variants.map(canonicalUrl))).toEqual(new Set(['https://example.com/docs/page']));
  });

  it('sorts query parameters but keeps the meaningful ones', () => {
    expect(canonicalUrl('https://example.com/search?b=2&a=1&utm_campaign=z')).toBe(
      'https://example.com/search?a=1&b=2',
    );
    expect(canonicalUrl('https://example.com/item?id=1')).not.toBe(
      canonicalUrl('https://example.com/item?id=2'),
    );
  });

  it('drops default ports, keeps others, keeps the scheme and the root', () => {
    expect(canonicalUrl('http://example.com:80/')).toBe('http://example.com/');
    expect(canonicalUrl('http://example.com:8080/a/')).toBe('http://example.com:8080/a');
    expect(canonicalUrl('http://example.com/a')).not.toBe(canonicalUrl('https://example.com/a'));
  });

  it('keeps every part that names the page: user, port, IPv6 and IDN hosts, other schemes', () => {
    const cases: [string, string][] = [
      [
        'https://user:secret@www.example.com:8443/a/?z=1&a=2#top',
        'https://user:secret@example.com:8443/a?a=2&z=1',
      ],
      ['https://:secret@example.com/', 'https://:secret@example.com/'],
      ['http://[::1]:8080/x/', 'http://[::1]:8080/x'],
      ['http://1.2.3.4./a', 'http://1.2.3.4/a'],
      ['https://münchen.de/ü/', 'https://xn--mnchen-3ya.de/%C3%BC'],
      ['https://example.com/a?q=a b', 'https://example.com/a?q=a+b'],
      ['https://example.com/?', 'https://example.com/'],
      // A host of dots alone has no name left to keep: it stays as the parser wrote it.
      ['http://./a/', 'http://./a'],
      ['mcp://www.server/tool/?b=1&a=2&utm_source=x#x', 'mcp://server/tool?a=2&b=1'],
      ['file://www.localhost/x/', 'file:///x'],
    ];
    expect(cases.map(([raw]) => canonicalUrl(raw))).toEqual(cases.map(([, expected]) => expected));
  });

  it('returns non-URLs trimmed instead of throwing', () => {
    expect(canonicalUrl('  not a url ')).toBe('not a url');
  });
});
