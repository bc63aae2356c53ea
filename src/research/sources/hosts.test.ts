import { describe, expect, it } from 'vitest';
import { hostOf, isAllowedUrl, originOf } from './hosts.js';

const none = { boostHosts: [], excludeHosts: [], onlyHosts: [] };

describe('hosts of sources', () => {
  it('reads web pages and results of MCP servers, whose host is the server name', () => {
    expect(hostOf('https://Example.com/a')).toBe('example.com');
    expect(hostOf('mcp://wiki/read_page?id=x')).toBe('wiki');
    expect(isAllowedUrl('mcp://wiki/read_page?id=x', none)).toBe(true);
    expect(isAllowedUrl('mcp://wiki/read_page?id=x', { ...none, excludeHosts: ['wiki'] })).toBe(false);
  });

  it('refuses other protocols and URLs without a host', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'mcp:wiki', 'x']) {
      expect(isAllowedUrl(url, none)).toBe(false);
    }
  });

  it('gives the same answer when asked again: hosts lower-cased, a corpus id as written', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(hostOf('https://WWW.Example.com/a')).toBe('www.example.com');
      expect(originOf('https://Example.com/b')).toBe('example.com');
      expect(originOf('corpus://MyDocs/notes.md')).toBe('corpus:MyDocs');
      expect(hostOf('corpus://MyDocs/notes.md')).toBeUndefined();
      expect(hostOf('not a url')).toBeUndefined();
    }
  });
});
